-- Feature requests (spec §2 /feature-requests): shared by every seller account. A vote counts
-- once per seller account (primary key); votes and comments are counted on the request row in
-- the same transaction as the vote or comment, so the list sorts by an indexed column.
CREATE TABLE feature_requests (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  author_id bigint REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  body text NOT NULL,
  category text NOT NULL,
  status text NOT NULL DEFAULT 'under_review',
  votes integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  comments integer NOT NULL DEFAULT 0 CHECK (comments >= 0),
  search text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_requests_votes ON feature_requests (votes DESC, id DESC);
CREATE INDEX feature_requests_newest ON feature_requests (id DESC);

CREATE TABLE feature_request_votes (
  request_id bigint NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, seller_id)
);
CREATE INDEX feature_request_votes_seller ON feature_request_votes (seller_id);

CREATE TABLE feature_request_comments (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  author_id bigint REFERENCES users(id) ON DELETE SET NULL,
  by_operator boolean NOT NULL DEFAULT false,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_request_comments_request ON feature_request_comments (request_id, id);
