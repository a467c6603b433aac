-- The media library: images, audio and video a workspace uploads straight to S3 through a
-- presigned PUT. A row is a pending slot until its upload is checked and processed (ready), or
-- refused (failed, with the reason). Learners load the files from unguessable token URLs.
create table media (
    id bigserial primary key,
    workspace_id bigint not null,
    course_id bigint,
    token varchar(32) not null unique,
    kind varchar(8) not null check (kind in ('image', 'audio', 'video')),
    content_type varchar(100) not null,
    filename varchar(255) not null,
    size bigint not null,
    width integer,
    height integer,
    alt_text varchar(1000),
    decorative boolean not null default false,
    status varchar(8) not null check (status in ('pending', 'ready', 'failed')),
    error text,
    variants jsonb not null default '[]',
    file_name varchar(40),
    object_key varchar(200) not null,
    created_by varchar(255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    expires_at timestamptz
);

-- The library list: a workspace's media, newest first.
create index media_recent on media (workspace_id, created_at desc, id desc);
-- The housekeeping of pending slots whose upload never came.
create index media_pending_expiry on media (expires_at) where status = 'pending';
