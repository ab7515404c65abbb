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

bool yaml_depth_next(YamlDepth *g, yaml_mark_t *where)
{
    int depth = 0;
    while (!g->done) {
        yaml_event_t e;
        if (!yaml_parser_parse(&g->parser, &e)) {
            g->done = true;
            break;
        }
        yaml_event_type_t type = e.type;
        depth += depth_step(&e);
        *where = e.start_mark;
        yaml_event_delete(&e);
        if (depth > YAML_MAX_DEPTH) {
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
