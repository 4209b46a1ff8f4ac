#include <libpq-fe.h>

// The PG_DIAG_* field codes are character-literal macros, which Swift does not import.
static inline int clibpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int clibpq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int clibpq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int clibpq_diag_message_hint(void) { return PG_DIAG_MESSAGE_HINT; }
static inline int clibpq_diag_severity(void) { return PG_DIAG_SEVERITY_NONLOCALIZED; }

// Notices (NOTICE: ... skipping) would otherwise go to stderr; the connection drops them.
static void clibpq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }
static inline void clibpq_silence_notices(PGconn *conn) {
    PQsetNoticeProcessor(conn, clibpq_ignore_notice, 0);
}
