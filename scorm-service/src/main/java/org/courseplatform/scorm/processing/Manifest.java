package org.courseplatform.scorm.processing;

import java.util.List;

/** What the manifest says: the SCORM version, the course title and every launchable SCO. */
public record Manifest(String version, String title, List<Sco> scos) {

    /** A launchable unit: the item's identifier and title, and its launch file with parameters. */
    public record Sco(String identifier, String title, String href) {}
}
