package org.courseplatform.platform.auth;

/**
 * Role names carried by a {@code SecurityIdentity}. Endpoints state what they need with
 * {@code @RolesAllowed}; the identity providers grant these from the credential and the
 * workspace's plan, add-ons and partner features.
 */
public final class Roles {

    /** Any valid API key of a workspace. */
    public static final String API_KEY = "api-key";
    /** An API key of a workspace on the Build plan or above ({@code api_advanced}). */
    public static final String BUILD = "build";
    /** An API key of a workspace with the SCORM hosting add-on. */
    public static final String SCORM_HOSTING = "scorm_hosting";
    /** An API key of a workspace with the SCORM export partner feature. */
    public static final String SCORM_EXPORT = "scorm_export";
    /** Another service of the platform, with a service token addressed to this one. */
    public static final String SERVICE = "service";
    /** The platform operator (admin API). */
    public static final String OPERATOR = "operator";
    /** An agent token minted by agent-gateway. */
    public static final String AGENT = "agent";

    private Roles() {}
}
