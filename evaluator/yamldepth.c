#include "yamldepth.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "yamlvalue.h"

bool yaml_depth_init(YamlDepth *g, const char *text, size_t size)
{
    memset(g, 0, sizeof *g);
    if (!yaml_parser_initialize(&g->parser))
        return false;
    yaml_parser_set_input_string(&g->parser, (const unsigned char *)text, size);
    return true;
}

/* The change of depth an event makes. */
static int depth_step(const yaml_event_t *e)
{
    switch (e->type) {
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        return 1;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return -1;
    default:
        return 0;
    }
}

/* over_bound's messages name the bounds. */
_Static_assert(YAML_MAX_DEPTH == 64 && YAML_MAX_NODES == 10000 && YAML_MAX_DOCUMENT_BYTES == 1 << 20,
               "the messages of over_bound name these bounds");

/* True for the events that become a node of the loader's tree. */
static bool is_node(yaml_event_type_t type)
{
    return type == YAML_SCALAR_EVENT || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT ||
           type == YAML_ALIAS_EVENT;
}

/* A collection open while the guard walks a document. */
typedef struct {
    int id;       /* the loader's node number */
    int children; /* the places it has filled so far, aliases included */
} Open;

/* Where a document stands while the guard walks it. */
typedef struct {
    int depth;
    size_t nodes;
    size_t start;  /* byte offset where the document's first node (its root) starts */
    int made;      /* nodes the loader makes (aliases make none): the last one's number */
    Open open[YAML_MAX_DEPTH + 1];
} Walk;

static bool note_alias(YamlDepth *g, const Walk *w, yaml_mark_t mark)
{
    YamlAlias *aliases = grow_array(g->aliases, g->alias_count, 1, &g->alias_capacity, sizeof *aliases, 16);
    if (!aliases)
        return false;
    g->aliases = aliases;
    const Open *parent = &w->open[w->depth - 1];
    g->aliases[g->alias_count++] = (YamlAlias){parent->id, parent->children, w->depth, mark};
    return true;
}

/* Follows the loader's numbering: a node gets the next number at its first
 * event and fills the next place of the collection around it; an alias fills
 * a place and makes no node. */
static bool follow(YamlDepth *g, Walk *w, const yaml_event_t *e)
{
    bool alias = e->type == YAML_ALIAS_EVENT;
    if (alias && w->depth > 0 && !note_alias(g, w, e->start_mark))
        return false;
    if (is_node(e->type) && w->depth > 0)
        w->open[w->depth - 1].children++;
    if (is_node(e->type) && !alias)
        w->made++;
    bool untagged = e->type == YAML_SCALAR_EVENT && !e->data.scalar.tag && e->data.scalar.plain_implicit;
    if (untagged && (size_t)w->made / 8 < sizeof g->untagged)
        g->untagged[w->made / 8] |= (unsigned char)(1u << (w->made % 8));
    if (depth_step(e) > 0 && w->depth < YAML_MAX_DEPTH + 1)
        w->open[w->depth] = (Open){w->made, 0};
    return true;
}

/* Why the event e (already counted into w) is over a bound, or NULL.  The
 * length runs from the start of the document's root node to the end of
 * each node, so that comments before its first node or after its last
 * (which cost the loader nothing) are not refused: a deal after a comment
 * header of 2 MiB was "more than 1 MiB of YAML text" while its own text
 * was 200 bytes.  The whole file stays bounded by slurp.c's 64 MiB. */
static const char *over_bound(const Walk *w, const yaml_event_t *e)
{
    if (w->depth > YAML_MAX_DEPTH)
        return "nesting deeper than 64 levels";
    if (!is_node(e->type))
        return NULL;
    if (w->nodes > YAML_MAX_NODES)
        return "document too large: more than 10000 YAML nodes (a deal has about 100)";
    if (e->end_mark.index - w->start > YAML_MAX_DOCUMENT_BYTES)
        return "document too large: more than 1 MiB of YAML text (a deal takes a few KiB at most)";
    return NULL;
}

bool yaml_depth_next(YamlDepth *g, yaml_mark_t *where)
{
    Walk w = {0};
    g->alias_count = 0;
    memset(g->untagged, 0, sizeof g->untagged);
    while (!g->done) {
        yaml_event_t e;
        if (!yaml_parser_parse(&g->parser, &e)) {
            g->done = true;
            if (g->parser.error != YAML_MEMORY_ERROR)
                break;
            g->problem = "out of memory";
            g->out_of_memory = true;
            return false;
        }
        yaml_event_type_t type = e.type;
        if (is_node(type) && w.nodes == 0)
            w.start = e.start_mark.index;
        *where = e.start_mark;
        bool followed = follow(g, &w, &e);
        w.depth += depth_step(&e);
        w.nodes += is_node(type);
        g->problem = followed ? over_bound(&w, &e) : "out of memory";
        g->out_of_memory = !followed;
        yaml_event_delete(&e);
        if (g->problem) {
            g->done = true;
            return false;
        }
        if (type == YAML_STREAM_END_EVENT)
            g->done = true;
        if (type == YAML_DOCUMENT_END_EVENT || type == YAML_STREAM_END_EVENT)
            break;
    }
    return true;
}

/* ---- aliases ------------------------------------------------------------- */

/* Copying the nodes an alias names. */
typedef struct {
    yaml_document_t *doc;
    yaml_mark_t mark;                /* the alias's: every copy is marked there */
    int chain[YAML_MAX_DEPTH + 1];   /* the collections being copied, outermost first */
    int chain_length;
    const char *problem;
    bool out_of_memory;              /* the problem is the memory's */
} Copy;

static size_t node_count(const yaml_document_t *doc)
{
    return (size_t)(doc->nodes.top - doc->nodes.start);
}

static int copy_node(Copy *c, int id, int depth);

/* Copies the children of collection id into copy: items, or keys and values. */
static bool copy_children(Copy *c, int id, int copy, int depth)
{
    yaml_node_t *n = yaml_document_get_node(c->doc, id);
    bool sequence = n->type == YAML_SEQUENCE_NODE;
    size_t count = sequence ? (size_t)(n->data.sequence.items.top - n->data.sequence.items.start)
                            : (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    for (size_t i = 0; i < count; i++) {
        n = yaml_document_get_node(c->doc, id); /* adding nodes moves them */
        if (sequence) {
            int item = copy_node(c, n->data.sequence.items.start[i], depth + 1);
            if (!item || !yaml_document_append_sequence_item(c->doc, copy, item))
                return false;
        } else {
            yaml_node_pair_t pair = n->data.mapping.pairs.start[i];
            int key = copy_node(c, pair.key, depth + 1);
            int value = key ? copy_node(c, pair.value, depth + 1) : 0;
            if (!value || !yaml_document_append_mapping_pair(c->doc, copy, key, value))
                return false;
        }
    }
    return true;
}

/* A copy of node id and all below it, marked at c->mark: its number, or 0
 * with c->problem.  depth is the nesting of the copy were it a collection. */
static int copy_node(Copy *c, int id, int depth)
{
    yaml_node_t n = *yaml_document_get_node(c->doc, id);
    bool collection = n.type != YAML_SCALAR_NODE;
    for (int k = 0; k < c->chain_length; k++)
        if (c->chain[k] == id) {
            c->problem = "an alias inside the node it names (a recursive alias)";
            return 0;
        }
    if (collection && depth > YAML_MAX_DEPTH) {
        c->problem = "nesting deeper than 64 levels";
        return 0;
    }
    if (node_count(c->doc) >= YAML_MAX_NODES) {
        c->problem = "document too large: aliases make it more than 10000 YAML nodes (a deal has about 100)";
        return 0;
    }
    int copy = n.type == YAML_SCALAR_NODE
                   ? yaml_document_add_scalar(c->doc, n.tag, n.data.scalar.value, (int)n.data.scalar.length,
                                              n.data.scalar.style)
               : n.type == YAML_SEQUENCE_NODE ? yaml_document_add_sequence(c->doc, n.tag, n.data.sequence.style)
                                              : yaml_document_add_mapping(c->doc, n.tag, n.data.mapping.style);
    if (copy && collection) {
        c->chain[c->chain_length++] = id;
        if (!copy_children(c, id, copy, depth))
            copy = 0;
        c->chain_length--;
    }
    if (!copy) {
        if (!c->problem) {
            c->problem = "out of memory";
            c->out_of_memory = true;
        }
        return 0;
    }
    yaml_node_t *made = yaml_document_get_node(c->doc, copy);
    made->start_mark = made->end_mark = c->mark;
    return copy;
}

/* The place an alias fills: an item, a key or a value. */
static yaml_node_item_t *alias_place(yaml_document_t *doc, const YamlAlias *a)
{
    yaml_node_t *parent = yaml_document_get_node(doc, a->parent);
    if (parent->type == YAML_SEQUENCE_NODE)
        return &parent->data.sequence.items.start[a->slot];
    yaml_node_pair_t *pair = &parent->data.mapping.pairs.start[a->slot / 2];
    return a->slot % 2 ? &pair->value : &pair->key;
}

/* The loader tags an untagged scalar tag:yaml.org,2002:str, longer than the
 * non-specific tag written over it. */
static void settle_tags(const YamlDepth *g, yaml_document_t *doc)
{
    for (yaml_node_t *n = doc->nodes.start; n < doc->nodes.top; n++) {
        size_t id = (size_t)(n - doc->nodes.start) + 1;
        bool untagged = id / 8 < sizeof g->untagged && (g->untagged[id / 8] >> (id % 8) & 1);
        if (untagged && n->type == YAML_SCALAR_NODE && n->tag && n->tag[0])
            strcpy((char *)n->tag, YAML_VALUE_PLAIN_TAG);
    }
}

bool yaml_depth_settle(YamlDepth *g, yaml_document_t *doc, yaml_mark_t *where)
{
    settle_tags(g, doc); /* first: the aliases' copies take the tags of what they copy */
    for (size_t i = 0; i < g->alias_count; i++) {
        const YamlAlias *a = &g->aliases[i];
        Copy c = {.doc = doc, .mark = a->mark};
        int copy = copy_node(&c, *alias_place(doc, a), a->depth + 1);
        if (!copy) {
            *where = a->mark;
            g->problem = c.problem;
            g->out_of_memory = c.out_of_memory;
            return false;
        }
        *alias_place(doc, a) = copy;
    }
    return true;
}

void yaml_depth_delete(YamlDepth *g)
{
    yaml_parser_delete(&g->parser);
    free(g->aliases);
}
