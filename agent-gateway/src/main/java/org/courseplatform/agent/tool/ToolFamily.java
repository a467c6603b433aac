package org.courseplatform.agent.tool;

import java.util.List;

/**
 * A group of tools over one owning service's features. The catalogue is the union of every
 * family bean, so a new feature adds its tools by adding a family, nothing else.
 */
public interface ToolFamily {

    List<AgentTool> tools();
}
