package org.courseplatform.courses.player;

import java.util.List;

/**
 * A workspace's embed settings (PUT and GET /v1/headless/embed/settings): {@code frameAncestors},
 * the sites that may frame its learner pages, each an origin ({@code https://host[:port]},
 * {@code http://localhost[:port]}, {@code http://127.0.0.1[:port]}) or the single value {@code *}.
 */
public record EmbedSettings(List<String> frameAncestors) {}
