/**
 * The PostgreSQL application_name of `lantern start`'s connections (it sets PGAPPNAME, which node-pg reads):
 * how a restore sees in pg_stat_activity that a server still uses the database.
 */
export const serverApplicationName = "lantern start";
