-- Printloom schema: one migration set for PGlite and PostgreSQL. Every seller-owned table has
-- seller_id so that each query can be scoped to the tenant.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  avatar text,
  phone text,
  facebook text,
  roles text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  is_admin boolean NOT NULL DEFAULT false,
  price_tag text NOT NULL DEFAULT 'default',
  sale_volume text,
  balance numeric(14, 2) NOT NULL DEFAULT 0,
  balance_2 numeric(14, 2) NOT NULL DEFAULT 0,
  sms_credit numeric(14, 2) NOT NULL DEFAULT 0,
  custom_payment boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'new',
  utc_offset numeric(4, 2) NOT NULL DEFAULT 0,
  email_verified_at timestamptz,
  email_need_verify_date timestamptz,
  tfa_secret text,
  tfa_enable boolean NOT NULL DEFAULT false,
  tfa_confirm boolean NOT NULL DEFAULT false,
  bulk_processing boolean NOT NULL DEFAULT true,
  campaign_limit_per_day integer NOT NULL DEFAULT 500,
  campaign_limit_per_minute integer NOT NULL DEFAULT 20,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A session token is stored only as its SHA-256. user_id is who signed in; acting_seller_id is
-- the seller a team member switched to; access_user is the admin signed in as user_id.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL DEFAULT 'access',
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  acting_seller_id bigint REFERENCES users(id) ON DELETE CASCADE,
  access_user bigint REFERENCES users(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE authorized_accounts (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'staff',
  permissions text[] NOT NULL DEFAULT '{}',
  UNIQUE (seller_id, member_id)
);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id bigint,
  seller_id bigint,
  action text NOT NULL,
  detail jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  seller_id bigint REFERENCES users(id) ON DELETE CASCADE,
  subject text NOT NULL,
  message text NOT NULL,
  image text,
  call_to_action_link text,
  is_warning boolean NOT NULL DEFAULT false,
  type integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_seller ON notifications (seller_id, id DESC);

-- action 1: "don't show again"; action 2: a type-2 notification was seen (spec §4 pop-up).
CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action integer NOT NULL DEFAULT 1,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, seller_id)
);

CREATE TABLE featured_info (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  description text,
  banner_url text NOT NULL,
  banner_url_2 text,
  article_url text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE surveys (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sale_volume text NOT NULL,
  facebook text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stores (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  base_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_templates (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  sku text,
  description text,
  full_printed integer NOT NULL DEFAULT 0,
  mockup_type text NOT NULL DEFAULT '2d',
  base_cost numeric(10, 2) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active',
  options jsonb NOT NULL DEFAULT '{"color":[]}',
  print_spaces jsonb NOT NULL
);

CREATE TABLE mockup_templates (
  id bigserial PRIMARY KEY,
  template_id bigint NOT NULL REFERENCES product_templates(id) ON DELETE CASCADE,
  name text,
  print_space text NOT NULL,
  layers jsonb NOT NULL
);

CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text,
  status text NOT NULL DEFAULT 'draft',
  product_type text NOT NULL DEFAULT 'campaign',
  system_type text NOT NULL DEFAULT 'regular',
  artwork_url text,
  thumb_url text,
  collection text,
  personalized integer,
  bulk_source text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_seller ON campaigns (seller_id, id DESC);

CREATE TABLE products (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id bigint NOT NULL REFERENCES product_templates(id),
  name text,
  print_spaces text NOT NULL,
  full_printed integer NOT NULL DEFAULT 0,
  options jsonb NOT NULL DEFAULT '{"color":[]}',
  default_option text,
  default_mockup_id bigint,
  personalized integer NOT NULL DEFAULT 0,
  mockup_type text NOT NULL DEFAULT '2d',
  price numeric(10, 2)
);
CREATE INDEX products_campaign ON products (campaign_id);

CREATE TABLE designs (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  product_id bigint REFERENCES products(id) ON DELETE CASCADE,
  print_space text NOT NULL,
  design_json text,
  file_url text,
  option text
);
CREATE INDEX designs_campaign ON designs (campaign_id);

CREATE TABLE mockups (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  mockup_template_id bigint,
  print_space text NOT NULL,
  file_url text NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);
CREATE INDEX mockups_campaign ON mockups (campaign_id);

CREATE TABLE bulk_jobs (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A row is claimed by setting lease_token and lease_expires_at under FOR UPDATE SKIP LOCKED;
-- a processing row whose lease expired is claimable again.
CREATE TABLE bulk_rows (
  id bigserial PRIMARY KEY,
  bulk_id bigint NOT NULL REFERENCES bulk_jobs(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  template_campaign_id bigint NOT NULL,
  campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
  campaign_name text,
  designs text,
  message text,
  attempts integer NOT NULL DEFAULT 0,
  lease_token text,
  lease_expires_at timestamptz,
  device_id text,
  session_id text,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulk_rows_claim ON bulk_rows (seller_id, type, status, id);

CREATE TABLE bulk_regular_jobs (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
  campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
  campaign_name text NOT NULL,
  prefix text,
  suffix text,
  collection text,
  designs text,
  status text NOT NULL DEFAULT 'pending',
  session_id text,
  new_products integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bulk_logs (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bulk_id bigint NOT NULL,
  log text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  seller_id bigint REFERENCES users(id) ON DELETE SET NULL,
  file_path text NOT NULL UNIQUE,
  content_type text,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
