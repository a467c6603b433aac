-- A member's timezone and locale are detected when a creation omits them (UTC; the request's
-- Accept-Language, else en), so none is null. Memberships made before were stored with null:
-- they get what a creation without those fields and without Accept-Language gets now.
update membership set timezone = 'UTC' where timezone is null;
update membership set locale = 'en' where locale is null;
