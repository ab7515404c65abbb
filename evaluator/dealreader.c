/* The YAML deal reader: a file read once, its documents loaded one by one
 * (libyaml's document loader behind the nesting and size guard), each read
 * in two passes: its keys (dealkeys.c), then the deal as a whole
 * (dealcheck.c). */
#include "dealreader.h"

#include "dealparse.h"
#include "text.h"
#include "slurp.h"
#include "yamldepth.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct DealReader {
    yaml_parser_t parser;
    YamlDepth guard;            /* walks each document before the parser loads it */
    bool refused;               /* the guard stopped a document: nothing more is read */
    Mark refused_mark;
    char *path;
    char *text;                 /* the whole file */
    DealSource src;             /* path and text, for the messages and the cards' places */
    int documents;              /* deals handed out or rejected so far */
    bool broken;                /* a YAML syntax error: libyaml cannot go on */
    bool out_of_memory;         /* the parser or the guard ran out of memory: nothing more is read */
    bool ended;
    DealRules rules;            /* contracts are read in its words when it has a directory */
};

/* Takes text (malloc'ed, '\0' after size bytes); frees it on failure. */
static DealReader *reader_new(const char *path, char *text, size_t size)
{
    DealReader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path)) || !yaml_depth_init(&r->guard, text, size)) {
        if (r)
            free(r->path);
        free(r);
        free(text);
        return NULL;
    }
    if (!yaml_parser_initialize(&r->parser)) {
        yaml_depth_delete(&r->guard);
        free(r->path);
        free(r);
        free(text);
        return NULL;
    }
    text_shown_clean(r->path); /* the name in messages and in each deal */
    r->text = text;
    size_t bom = size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    r->src = (DealSource){.path = r->path, .text = text, .size = size, .bom = bom, .cursor_byte = bom};
    yaml_parser_set_input_string(&r->parser, (const unsigned char *)text, size);
    return r;
}

/* A file name as messages show it: a shell pattern or a folder may hand
 * over names with line feeds or escape sequences. */
static const char *shown_path(const char *path, char out[DEAL_TEXT])
{
    snprintf(out, DEAL_TEXT, "%s", path);
    text_shown_clean(out);
    return out;
}

DealReader *deal_reader_open(const char *path, char *err, size_t err_size)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    char shown[DEAL_TEXT];
    if (!f) {
        int why = errno;
        snprintf(err, err_size, "%s: cannot open: %s", shown_path(path, shown), strerror(why));
        errno = why;
        return NULL;
    }
    const char *problem = "out of memory";
    size_t size;
    char *text = slurp_stream(f, &size, &problem);
    int why = errno;
    if (!is_stdin)
        fclose(f);
    DealReader *r = text ? reader_new(path, text, size) : NULL;
    if (!r) {
        snprintf(err, err_size, "%s: cannot read: %s", shown_path(path, shown), problem);
        errno = text ? ENOMEM : why;
    }
    return r;
}

DealReader *deal_reader_open_text(const char *name, const char *text, size_t size, char *err, size_t err_size)
{
    char *copy = malloc(size + 1);
    DealReader *r = NULL;
    if (copy) {
        memcpy(copy, text, size);
        copy[size] = '\0';
        r = reader_new(name, copy, size);
    }
    if (!r) {
        snprintf(err, err_size, "%s: cannot read: out of memory", name);
        errno = ENOMEM;
    }
    return r;
}

/* The line and column of a byte offset, for reader errors (bad UTF-8). */
static Mark mark_of_offset(const DealSource *s, size_t offset)
{
    Mark m = {1, 1};
    for (size_t i = s->bom; i < offset && i < s->size; i++) {
        if (s->text[i] == '\n') {
            m.line++;
            m.column = 1;
        } else if (((unsigned char)s->text[i] & 0xc0) != 0x80) {
            m.column++;
        }
    }
    return m;
}

static int syntax_error(DealReader *r, char *err, size_t err_size)
{
    r->broken = true;
    if (r->refused && !r->out_of_memory) {
        deal_report(r->path, r->refused_mark, err, err_size, "%s", r->guard.problem);
        return -1;
    }
    const yaml_parser_t *p = &r->parser;
    if (r->out_of_memory || p->error == YAML_MEMORY_ERROR || !p->problem) { /* libyaml names every syntax error */
        snprintf(err, err_size, "%s: out of memory", r->path);
        r->out_of_memory = true;
        return -1;
    }
    Mark m = {(int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1};
    if (p->error == YAML_READER_ERROR)
        m = mark_of_offset(&r->src, p->problem_offset);
    deal_report(r->path, m, err, err_size, "YAML syntax error: %s", p->problem);
    return -1;
}

static bool refuse(DealReader *r, yaml_mark_t m)
{
    r->refused = true;
    r->out_of_memory = r->guard.out_of_memory;
    r->refused_mark = (Mark){(int)m.line + 1, (int)m.column + 1};
    return false;
}

/* The next document, once the guard has found it flat and small enough,
 * settled (yaml_depth_settle: the tags of plain scalars, a node of its own
 * for each alias). */
static bool load(DealReader *r, yaml_document_t *doc)
{
    yaml_mark_t m;
    if (!yaml_depth_next(&r->guard, &m))
        return refuse(r, m);
    if (!yaml_parser_load(&r->parser, doc))
        return false;
    if (!yaml_depth_settle(&r->guard, doc, &m)) {
        yaml_document_delete(doc);
        return refuse(r, m);
    }
    return true;
}

/* An empty document ("---" and nothing) holds no deal: skipped. */
static bool empty_document(const yaml_node_t *root)
{
    return root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0 &&
           root->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* The next document with a root node, or false at the end (doc then deleted). */
static bool load_document(DealReader *r, yaml_document_t *doc, yaml_node_t **root)
{
    for (;;) {
        *root = yaml_document_get_root_node(doc);
        if (!*root || !empty_document(*root))
            return *root != NULL;
        yaml_document_delete(doc);
        if (!load(r, doc))
            return false;
    }
}

/* No deal text holds a NUL (yaml_first_nul_scalar). */
static bool free_of_nul(DealParse *c)
{
    const yaml_node_t *n = yaml_first_nul_scalar(c->doc);
    return !n || deal_fail(c, deal_node_mark(n), "a string contains a NUL character (\\0): no deal text holds one");
}

/* No deal takes a tag but those of its values' types (yaml_first_foreign_tag). */
static bool free_of_foreign_tags(DealParse *c)
{
    char why[256];
    const yaml_node_t *n = yaml_first_foreign_tag(c->doc);
    return !n || deal_fail(c, deal_node_mark(n), "%s", yaml_value_foreign_text(c->doc, n, why, sizeof why));
}

static bool read_deal(DealParse *c, yaml_node_t *root)
{
    if (!free_of_nul(c) || !free_of_foreign_tags(c))
        return false;
    if (root->type != YAML_MAPPING_NODE)
        return deal_fail(c, deal_node_mark(root),
                         "a deal must be a YAML mapping of keys (hands, skat, declarer, ...) or an ISS game "
                         "record (;GM[Skat]...;), not %s",
                         deal_kind_name(root));
    return deal_read_keys(c, root) && deal_check(c);
}

int deal_reader_next(DealReader *r, Deal *deal, char *err, size_t err_size)
{
    yaml_document_t doc;
    yaml_node_t *root;
    memset(deal, 0, sizeof *deal);
    if (r->broken)
        return syntax_error(r, err, err_size);
    if (r->ended)
        return 0;
    if (!load(r, &doc) || (!load_document(r, &doc, &root) && (r->parser.error || r->refused)))
        return syntax_error(r, err, err_size);
    if (!root) {
        yaml_document_delete(&doc);
        r->ended = true;
        if (r->documents > 0)
            return 0;
        deal_report(r->path, (Mark){1, 1}, err, err_size, "empty file: no deal");
        return -1;
    }
    r->documents++;
    text_file_name(deal->file, sizeof deal->file, r->path);
    deal->mark = (Mark){(int)doc.start_mark.line + 1, (int)doc.start_mark.column + 1};
    deal->play_mark = deal->mark;
    DealParse c = {.src = &r->src, .rules = &r->rules, .doc = &doc, .deal = deal, .err = err, .err_size = err_size};
    bool ok = read_deal(&c, root);
    yaml_document_delete(&doc);
    return ok ? 1 : -1;
}

bool deal_reader_out_of_memory(const DealReader *r)
{
    return r->out_of_memory || r->rules.out_of_memory;
}

bool deal_reader_set_rules(DealReader *r, const RuleSystem *given, const char *rules_dir)
{
    return deal_rules_set(&r->rules, given, rules_dir);
}

const RuleSystem *deal_reader_rules(DealReader *r, const Deal *deal, char *err, size_t err_size)
{
    return deal_rules_get(&r->rules, deal->rules, err, err_size);
}

const char *deal_reader_text(const DealReader *r, size_t *size)
{
    *size = r->src.size;
    return r->text;
}

void deal_reader_close(DealReader *r)
{
    if (!r)
        return;
    yaml_parser_delete(&r->parser);
    yaml_depth_delete(&r->guard);
    deal_rules_free(&r->rules);
    free(r->text);
    free(r->path);
    free(r);
}
