/* A YAML file read by a schema: each mapping is described by a table of
 * fields (the key, the kind of value, where it goes in the struct it fills,
 * its range), so a file format is data and its messages come for free:
 * "FILE:LINE:COL: 'value' must be between 1 and 10000, not 0".  The rule
 * files (rules.c) are read this way. */
#ifndef SKATDD_YAMLSCHEMA_H
#define SKATDD_YAMLSCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "slurp.h"

typedef enum {
    FT_INT,   /* an int within [min, max] */
    FT_BOOL,  /* a bool */
    FT_TRI,   /* an int: 1 true, 0 false (default def, often -1: either) */
    FT_TEXT,  /* one line, not blank, of at most max - 1 bytes */
    FT_ENUM,  /* an int: the index of the value among names[0 .. max-1] */
    FT_WORD,  /* an int: what lookup finds for the word (-1: unknown, message unknown) */
    FT_WORDS, /* a list of at most min strings of capacity max each; the count at count_offset */
    FT_MAP,   /* a mapping read by sub into the same struct at offset */
    FT_LIST,  /* a list of at most max mappings read by sub, item_size apart; the count at count_offset */
} FieldType;

typedef struct SchemaLoader SchemaLoader;
typedef struct Schema Schema;

typedef struct {
    const char *key;
    FieldType type;
    size_t offset;            /* into the struct the schema fills */
    int min, max;             /* FT_INT: range; FT_TEXT: capacity; FT_ENUM: name count;
                                 FT_LIST: max items; FT_WORDS: max words, capacity */
    const char *const *names; /* FT_ENUM */
    int (*lookup)(const SchemaLoader *L, const char *word); /* FT_WORD */
    const char *unknown;      /* FT_WORD: the message for an unknown word, '%s' the word */
    const Schema *sub;        /* FT_MAP, FT_LIST */
    size_t item_size;         /* FT_LIST */
    size_t count_offset;      /* FT_LIST, FT_WORDS: where the int count goes */
    bool required;
    int def;                  /* FT_INT, FT_BOOL, FT_TRI, FT_ENUM, FT_WORD when absent */
} Field;

struct Schema {
    const char *what; /* "levels", "a games entry" ... for messages */
    const Field *fields;
    int count;
    /* Checks a filled struct; node is its mapping, for the message. */
    bool (*check)(SchemaLoader *L, yaml_node_t *node, void *base);
};

struct SchemaLoader {
    const char *file;
    yaml_document_t *doc;
    void *target;  /* what the whole file fills: for lookups and checks */
    char *err;
    size_t n;
};

/* Writes "FILE:LINE:COL: message" at node into L's err; returns false. */
bool schema_fail(SchemaLoader *L, const yaml_node_t *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The value of key in the mapping map, for a check's message to point at
 * (an empty 'tournament: []' at its line, not at the file's first key); map
 * itself when the key is not there. */
const yaml_node_t *schema_value_at(const SchemaLoader *L, const yaml_node_t *map, const char *key);

/* Reads text (one YAML document, size bytes) from the file at path into
 * target by schema.  An empty document gives "PATH: empty" followed by what.
 * READ_REFUSED or READ_NO_MEMORY with "FILE:LINE:COL: message" (or "FILE:
 * message") in err. */
ReadResult schema_load_text(const char *path, const char *text, size_t size, const Schema *schema, void *target,
                      const char *what, char *err, size_t n);

#endif
