package org.courseplatform.courses.media;

import java.io.ByteArrayInputStream;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Whether an SVG is a picture and nothing more. An SVG can run script when opened as a page, so
 * one is refused when it has a {@code <script>} or {@code <foreignObject>}, an event attribute
 * ({@code on*}), or any reference that leaves the file (an {@code href} not starting with
 * {@code #}, a {@code url(...)} that is no fragment). Parsed with DTDs and external entities off.
 */
final class SvgCheck {

    private static final Pattern URL = Pattern.compile("url\\(\\s*['\"]?\\s*([^'\")\\s]*)", Pattern.CASE_INSENSITIVE);

    private SvgCheck() {}

    /** The reason the SVG is refused, or null when it is safe. */
    static String problem(byte[] svg) {
        Element root;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            root = builder.parse(new ByteArrayInputStream(svg)).getDocumentElement();
        } catch (Exception e) {
            return "The SVG is not well-formed XML (or declares a DTD, which is not accepted)";
        }
        if (!"svg".equals(root.getLocalName())) {
            return "The file is not an SVG image: its root element is <" + root.getNodeName() + ">";
        }
        return check(root);
    }

    private static String check(Element element) {
        String name = element.getLocalName() == null ? element.getNodeName() : element.getLocalName();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("script") || lower.equals("foreignobject")) {
            return "The SVG has a <" + name + "> element; SVG images may not hold script or embedded documents";
        }
        NamedNodeMap attributes = element.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr attribute = (Attr) attributes.item(i);
            String attributeName = attribute.getLocalName() == null ? attribute.getName() : attribute.getLocalName();
            String value = attribute.getValue().strip();
            if (attributeName.toLowerCase(Locale.ROOT).startsWith("on")) {
                return "The SVG has an event attribute (" + attribute.getName() + ") on <" + name
                        + ">; SVG images may not hold script";
            }
            if (attributeName.equalsIgnoreCase("href") && !value.startsWith("#")) {
                return "The SVG refers to " + describe(value) + " from <" + name
                        + ">; only references inside the file (#id) are accepted";
            }
            String url = externalUrl(value);
            if (url != null) {
                return "The SVG refers to " + describe(url) + " in the " + attribute.getName() + " of <" + name
                        + ">; only references inside the file (#id) are accepted";
            }
        }
        if (lower.equals("style")) {
            String css = element.getTextContent();
            if (css.toLowerCase(Locale.ROOT).contains("@import")) {
                return "The SVG's style imports another file; only references inside the file are accepted";
            }
            String url = externalUrl(css);
            if (url != null) {
                return "The SVG's style refers to " + describe(url) + "; only references inside the file are accepted";
            }
        }
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node child = children.item(i);
            if (child instanceof Element e) {
                String problem = check(e);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    /** The first {@code url(...)} target in the text that is not a fragment, or null. */
    private static String externalUrl(String text) {
        Matcher m = URL.matcher(text);
        while (m.find()) {
            if (!m.group(1).startsWith("#")) {
                return m.group(1);
            }
        }
        return null;
    }

    private static String describe(String reference) {
        String lower = reference.toLowerCase(Locale.ROOT);
        if (lower.startsWith("javascript:")) {
            return "a javascript: URL";
        }
        if (lower.startsWith("data:")) {
            return "a data: URL";
        }
        return "an outside resource";
    }
}
