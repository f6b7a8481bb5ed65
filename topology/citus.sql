-- Distributing the schema by user with Citus, on the coordinator, after the migrations have run (npm start or the
-- API's first start applies them). api/src/db/citus-ready.test.ts checks this file against the live schema: every
-- table is named here once, and every key of a distributed table includes its distribution column.
CREATE EXTENSION IF NOT EXISTS citus;

-- The data-version triggers of weight_entries write the user's slots in data_versions, which live on the same node
-- (colocated).
SET citus.enable_unsafe_triggers = on;

-- users first: every per-user table is colocated with it, so a user's rows sit on one node and every query that
-- filters on user_id is routed to that node alone.
SELECT create_distributed_table('users', 'id');
SELECT create_distributed_table('sessions', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('weight_entries', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('data_versions', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('goals', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('avatars', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('password_resets', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('api_tokens', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('imports', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('import_chunks', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('reminder_settings', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('push_subscriptions', 'user_id', colocate_with => 'users');
SELECT create_distributed_table('notification_sends', 'user_id', colocate_with => 'users');

-- Tables keyed by something else than the user. One account per address: user_emails is distributed by the address
-- (not colocated with users, so its foreign key to users goes; deleting an account frees the address by key).
ALTER TABLE user_emails DROP CONSTRAINT user_emails_user_id_users_id_fk;
SELECT create_distributed_table('user_emails', 'email');
-- Rate-limit counters are keyed by IP address or email.
SELECT create_distributed_table('rate_limits', 'key');
-- A provider's subject signs in one account: external_identities is a lookup distributed by the subject (deleting an
-- account deletes its rows by user_id). Sign-ins under way are keyed by their cookie's hash.
ALTER TABLE external_identities DROP CONSTRAINT external_identities_user_id_users_id_fk;
SELECT create_distributed_table('external_identities', 'subject');
ALTER TABLE external_auth_flows DROP CONSTRAINT external_auth_flows_user_id_users_id_fk;
SELECT create_distributed_table('external_auth_flows', 'id_hash');

-- pg-boss keeps its queue in a schema of its own (pgboss): those tables stay on the coordinator, as local tables.
