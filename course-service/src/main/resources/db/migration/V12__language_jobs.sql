-- Background jobs of the language features (translation, narration), claimed by workers with
-- FOR UPDATE SKIP LOCKED under a lease: a job whose instance died is taken over when its lease ends.
create table language_job (
    id             bigserial primary key,
    course_id      bigint      not null references course (id),
    type           text        not null check (type in ('translation', 'narration')),
    status         text        not null check (status in ('queued', 'running', 'succeeded', 'failed')),
    locale         text,
    params         jsonb       not null default '{}'::jsonb,
    test_mode      boolean     not null default false,
    progress_done  integer     not null default 0,
    progress_total integer     not null default 0,
    error_code     text,
    error_message  text,
    result         jsonb,
    attempts       integer     not null default 0,
    lease_token    uuid,
    locked_until   timestamptz,
    created_at     timestamptz not null default now(),
    started_at     timestamptz,
    finished_at    timestamptz,
    updated_at     timestamptz not null default now()
);
create index language_job_open on language_job (id) where status in ('queued', 'running');
create index language_job_course on language_job (course_id);

-- Strings a translation job wrote, with the text it wrote: a translation that still reads the same
-- is the machine's and may be replaced by a later job (overwrite); any other text is a person's.
create table machine_translation (
    course_id  bigint not null references course (id),
    locale     text   not null,
    path       text   not null,
    text       text   not null,
    created_at timestamptz not null default now(),
    primary key (course_id, locale, path)
);

-- The spoken script of each screen, and its audio in S3 (a course asset).
create table narration_script (
    course_id   bigint      not null references course (id),
    screen_id   text        not null,
    script      text        not null,
    edited      boolean     not null default false,
    audio_key   text,
    audio_mime  text,
    audio_token text,
    voice       text,
    updated_at  timestamptz not null default now(),
    primary key (course_id, screen_id)
);
create unique index narration_script_audio_token on narration_script (audio_token) where audio_token is not null;
