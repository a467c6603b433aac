-- Who made a folder or a collection (docs/organise.md): the agent's identifier when an agent (or a
-- member signed in over the consumer MCP, whose identifier is their email) made it, null when an
-- API key did. A member over the consumer MCP changes only what they made.
alter table course_folder add column created_by text;
alter table course_collection add column created_by text;
