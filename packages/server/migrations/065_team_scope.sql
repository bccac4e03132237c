-- Team members' scope (issue 15).
-- What a notification is about; a team member sees it only when their permissions cover the
-- topic (core notificationTopics.ts). Existing rows are platform announcements.
ALTER TABLE notifications ADD COLUMN topic text NOT NULL DEFAULT 'announcement';
-- Read marks belong to the person who read, not to the account they acted for: a member's reads
-- no longer mark the owner's notifications. Existing marks were the owner's own.
ALTER TABLE notification_reads ADD COLUMN reader_id bigint REFERENCES users(id) ON DELETE CASCADE;
UPDATE notification_reads SET reader_id = seller_id;
ALTER TABLE notification_reads ALTER COLUMN reader_id SET NOT NULL;
ALTER TABLE notification_reads DROP CONSTRAINT notification_reads_pkey;
ALTER TABLE notification_reads ADD PRIMARY KEY (notification_id, seller_id, reader_id);
-- The owner's audit log page reads one seller's entries newest first.
CREATE INDEX audit_log_seller ON audit_log (seller_id, id DESC);
