#include "reviewtext.h"

const char *review_class_name(ReviewClass c)
{
    static const char *const names[REVIEW_CLASS_COUNT] = {
        [REVIEW_SCHWARZED] = "lost schwarz", [REVIEW_SCHNEIDERED] = "lost schneider",
        [REVIEW_LOST] = "lost",             [REVIEW_WON] = "won",
        [REVIEW_SCHNEIDER] = "won schneider", [REVIEW_SCHWARZ] = "won schwarz",
    };
    return (unsigned)c < REVIEW_CLASS_COUNT ? names[c] : "?";
}
