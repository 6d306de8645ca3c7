-- Accelplan team database on PostgreSQL: the two roles and their privileges.
--
-- 1. The database's owner (or an administrator) creates the database and opens it once, which
--    creates the schema and seeds the shipped prices:
--        createdb accelplan
--        accelplan-cli --db postgresql://OWNER@HOST:5432/accelplan db info
-- 2. Then, as the owner, run this file in that database:
--        psql -v ON_ERROR_STOP=1 -d accelplan -f /usr/share/accelplan/postgresql/roles.sql
-- 3. Give people logins in one of the roles:
--        CREATE ROLE alice LOGIN IN ROLE accelplan_maintainer;   -- imports, edits, deletes
--        CREATE ROLE bob   LOGIN IN ROLE accelplan_reader;       -- lists, plans, compares, reports
--    and set their passwords (\password alice); Accelplan reads them from PGPASSWORD or ~/.pgpass.
--
-- The server enforces the roles: an import by a reader fails on its write lock (LOCK TABLE sheets
-- IN EXCLUSIVE MODE needs UPDATE: "permission denied for table sheets"), its transaction is
-- rolled back and nothing is written. Readers' queries never wait for that lock, and no reader can
-- take it and hold imports up. Run this file
-- again after an Accelplan upgrade that changes the schema (the owner migrates it on first open).
-- It may be run any number of times.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'accelplan_reader') THEN
    CREATE ROLE accelplan_reader NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'accelplan_maintainer') THEN
    CREATE ROLE accelplan_maintainer NOLOGIN;
  END IF;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO accelplan_reader, accelplan_maintainer', current_database());
END
$$;

-- A maintainer can do everything a reader can.
GRANT accelplan_reader TO accelplan_maintainer;

-- Readers: read every table (prices, sheets, history, FX rates, profiles, the schema version).
GRANT USAGE ON SCHEMA public TO accelplan_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO accelplan_reader;

-- Maintainers: write rows (imports, manual edits, FX rates, profiles, `db copy --replace`) and
-- number them. Creating or altering tables stays with the owner.
GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO accelplan_maintainer;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO accelplan_maintainer;

-- Tables a later schema version adds get the same privileges when the owner creates them.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO accelplan_reader;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT INSERT, UPDATE, DELETE ON TABLES TO accelplan_maintainer;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO accelplan_maintainer;
