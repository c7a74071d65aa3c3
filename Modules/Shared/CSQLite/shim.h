// SQLite's process-wide settings, which Swift cannot make itself: sqlite3_config takes C varargs.
#include <sqlite3.h>

// Turns SQLite's memory statistics on (1) or off (0); SQLITE_MISUSE once SQLite has started.
static inline int strata_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
