/* The subcommands of skatdd.  Each gets argv with argv[0] the command's name
 * and returns the exit status. */
#ifndef SKATDD_COMMANDS_H
#define SKATDD_COMMANDS_H

int cmd_solve(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_evaluate(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_problems(int argc, char **argv);
int cmd_batch(int argc, char **argv);
int cmd_stats(int argc, char **argv);

#endif
