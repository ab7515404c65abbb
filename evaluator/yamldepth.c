#include "yamldepth.h"

#include <string.h>

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

/* Where a document stands while the guard walks it. */
typedef struct {
    int depth;
    size_t nodes;
    size_t start; /* byte offset of the document's first event */
} Walk;

/* Why the event e (already counted into w) is over a bound, or NULL.  Only
 * nodes count towards the length, so comments after the last node of a
 * document (which cost the loader nothing) are not refused. */
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
    Walk w = {0, 0, 0};
    bool started = false;
    while (!g->done) {
        yaml_event_t e;
        if (!yaml_parser_parse(&g->parser, &e)) {
            g->done = true;
            break;
        }
        if (!started) {
            w.start = e.start_mark.index;
            started = true;
        }
        yaml_event_type_t type = e.type;
        w.depth += depth_step(&e);
        w.nodes += is_node(type);
        *where = e.start_mark;
        g->problem = over_bound(&w, &e);
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

void yaml_depth_delete(YamlDepth *g)
{
    yaml_parser_delete(&g->parser);
}
