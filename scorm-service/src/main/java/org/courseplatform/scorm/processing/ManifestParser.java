package org.courseplatform.scorm.processing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads {@code imsmanifest.xml}: XML with DTDs, external entities and XInclude off (a DOCTYPE is a
 * rejection, so neither external entities nor entity expansion bombs get a chance), the version
 * from {@code <schemaversion>} (namespaces only without one), the sequencing rule of API.md, and
 * the launchable SCOs of the default organisation.
 */
public final class ManifestParser {

    public static final String V12 = "1.2";
    public static final String V2004_3 = "2004 3rd Edition";
    public static final String V2004_4 = "2004 4th Edition";

    private static final Set<String> NS_12 =
            Set.of("http://www.imsproject.org/xsd/imscp_rootv1p1p2", "http://www.adlnet.org/xsd/adlcp_rootv1p2");
    private static final Set<String> NS_2004 = Set.of(
            "http://www.adlnet.org/xsd/adlcp_v1p3",
            "http://www.imsglobal.org/xsd/imsss",
            "http://www.adlnet.org/xsd/adlseq_v1p3",
            "http://www.adlnet.org/xsd/adlnav_v1p3");
    /**
     * Sequencing that changes what a learner may do, which hosted packages do not run: rules,
     * rollup rules, objective maps to global objectives, randomisation and limit conditions.
     * controlMode, deliveryControls and local objectives are authoring-tool boilerplate.
     */
    private static final Set<String> SEQUENCING = Set.of(
            "sequencingRules",
            "preConditionRule",
            "postConditionRule",
            "exitConditionRule",
            "rollupRules",
            "rollupRule",
            "mapInfo",
            "randomizationControls",
            "limitConditions");

    private ManifestParser() {}

    /**
     * @param bytes the manifest
     * @param files the package's file paths, to check that launch files exist
     * @param fallbackTitle the title when the manifest gives none
     */
    public static Manifest parse(byte[] bytes, Predicate<String> files, String fallbackTitle) throws Rejection {
        Document document = read(bytes);
        Element root = document.getDocumentElement();
        if (!"manifest".equals(local(root))) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "imsmanifest.xml is not a package manifest: its root element is <"
                            + SafeArchive.printable(root.getTagName()) + ">, not <manifest>.");
        }
        String version = version(root);
        checkSequencing(root);
        List<Manifest.Sco> scos = scos(root, files);
        return new Manifest(version, title(root, fallbackTitle), scos);
    }

    static Document read(byte[] bytes) throws Rejection {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setValidating(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new ErrorHandler() {
                @Override
                public void warning(SAXParseException e) {}

                @Override
                public void error(SAXParseException e) throws SAXException {
                    throw e;
                }

                @Override
                public void fatalError(SAXParseException e) throws SAXException {
                    throw e;
                }
            });
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entities are not allowed");
            });
            return builder.parse(new ByteArrayInputStream(bytes));
        } catch (SAXParseException e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("DOCTYPE")) {
                throw new Rejection(
                        Rejection.NO_MANIFEST,
                        "imsmanifest.xml declares a DOCTYPE, which packages may not"
                                + " do (DTDs and entities are refused for safety).");
            }
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "imsmanifest.xml is not well-formed XML (line " + e.getLineNumber() + ", column "
                            + e.getColumnNumber() + "): " + SafeArchive.printable(message));
        } catch (SAXException | IOException e) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "imsmanifest.xml cannot be read as XML: " + SafeArchive.printable(String.valueOf(e.getMessage())));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the XML parser cannot be made safe", e);
        }
    }

    /** API.md: {@code <schemaversion>} decides; only without one do the namespaces. */
    static String version(Element root) throws Rejection {
        Element schemaVersion = null;
        for (Element metadata : children(root, "metadata")) {
            for (Element candidate : children(metadata, "schemaversion")) {
                schemaVersion = candidate;
                break;
            }
        }
        if (schemaVersion == null) {
            schemaVersion = first(root, "schemaversion");
        }
        if (schemaVersion != null) {
            String raw = schemaVersion.getTextContent().strip();
            String value = raw.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
            switch (value) {
                case "1.2":
                    return V12;
                case "2004 3rd edition":
                    return V2004_3;
                case "2004 4th edition":
                    return V2004_4;
                default:
                    throw new Rejection(
                            Rejection.UNSUPPORTED_VERSION,
                            "The manifest's schemaversion is \""
                                    + SafeArchive.printable(raw.length() > 80 ? raw.substring(0, 80) + "…" : raw)
                                    + "\"; only SCORM 1.2 and SCORM 2004 3rd or 4th Edition packages are supported.");
            }
        }
        Set<String> namespaces = new HashSet<>();
        collectNamespaces(root, namespaces);
        if (namespaces.stream().anyMatch(NS_12::contains)) {
            return V12;
        }
        if (namespaces.stream().anyMatch(NS_2004::contains)) {
            return V2004_3;
        }
        throw new Rejection(
                Rejection.UNSUPPORTED_VERSION,
                "The manifest has no schemaversion and uses no SCORM 1.2 or"
                        + " 2004 namespace, so it is not a SCORM package this service can host.");
    }

    static void checkSequencing(Element root) throws Rejection {
        Deque<Element> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Element element = stack.pop();
            String name = local(element);
            if (SEQUENCING.contains(name)) {
                throw new Rejection(
                        Rejection.SEQUENCING_PRESENT,
                        "The package uses SCORM 2004 sequencing (<" + name
                                + "> in the manifest), which hosted packages do not support; only controlMode, deliveryControls"
                                + " and local objectives are accepted.");
            }
            for (Node child = element.getLastChild(); child != null; child = child.getPreviousSibling()) {
                if (child instanceof Element e) {
                    stack.push(e);
                }
            }
        }
    }

    static List<Manifest.Sco> scos(Element root, Predicate<String> files) throws Rejection {
        String manifestBase = base(root);
        Map<String, Element> resources = new HashMap<>();
        Map<String, String> resourceBases = new HashMap<>();
        List<Element> resourceOrder = new ArrayList<>();
        for (Element group : children(root, "resources")) {
            String groupBase = join(manifestBase, base(group));
            for (Element resource : children(group, "resource")) {
                String id = resource.getAttribute("identifier");
                resources.putIfAbsent(id, resource);
                resourceBases.putIfAbsent(id, join(groupBase, base(resource)));
                resourceOrder.add(resource);
            }
        }
        Element organization = defaultOrganization(root);
        Map<String, Manifest.Sco> scos = new LinkedHashMap<>();
        if (organization != null) {
            Deque<Element> stack = new ArrayDeque<>();
            pushChildren(stack, organization, "item");
            while (!stack.isEmpty()) {
                Element item = stack.pop();
                String ref = item.getAttribute("identifierref");
                Element resource = ref.isEmpty() ? null : resources.get(ref);
                if (resource != null
                        && isSco(resource)
                        && !resource.getAttribute("href").isBlank()) {
                    String identifier = item.getAttribute("identifier");
                    String href = launch(
                            resourceBases.get(ref),
                            resource.getAttribute("href"),
                            item.getAttribute("parameters"),
                            identifier,
                            files);
                    String title = text(children(item, "title"));
                    scos.putIfAbsent(
                            identifier, new Manifest.Sco(identifier, title.isEmpty() ? identifier : title, href));
                }
                pushChildren(stack, item, "item");
            }
        }
        if (scos.isEmpty()) {
            for (Element resource : resourceOrder) {
                String id = resource.getAttribute("identifier");
                if (isSco(resource) && !resource.getAttribute("href").isBlank() && !id.isEmpty()) {
                    scos.putIfAbsent(
                            id,
                            new Manifest.Sco(
                                    id,
                                    id,
                                    launch(resourceBases.get(id), resource.getAttribute("href"), "", id, files)));
                }
            }
        }
        if (scos.isEmpty()) {
            throw new Rejection(
                    Rejection.NO_LAUNCHABLE_SCO,
                    "The manifest has no launchable SCO: no resource is marked"
                            + " scormtype=\"sco\" with a launch file, so there is nothing a learner could play.");
        }
        return List.copyOf(scos.values());
    }

    private static Element defaultOrganization(Element root) {
        for (Element organizations : children(root, "organizations")) {
            String wanted = organizations.getAttribute("default");
            List<Element> all = children(organizations, "organization");
            for (Element organization : all) {
                if (!wanted.isEmpty() && wanted.equals(organization.getAttribute("identifier"))) {
                    return organization;
                }
            }
            if (!all.isEmpty()) {
                return all.get(0);
            }
        }
        return null;
    }

    private static String title(Element root, String fallback) {
        Element organization = defaultOrganization(root);
        String title = organization == null ? "" : text(children(organization, "title"));
        if (title.isEmpty()) {
            title = fallback;
        }
        title = title.replaceAll("\\s+", " ").strip();
        return title.length() > 500 ? title.substring(0, 500) : title;
    }

    /** The launch path inside the package, checked to exist, with the item's parameters appended. */
    private static String launch(
            String base, String href, String parameters, String identifier, Predicate<String> files) throws Rejection {
        String raw = href.strip();
        String path = raw;
        String suffix = "";
        int cut = indexOfAny(path, '?', '#');
        if (cut >= 0) {
            suffix = path.substring(cut);
            path = path.substring(0, cut);
        }
        String resolved = resolve(join(base, path));
        if (resolved == null || !(files.test(resolved) || files.test(decode(resolved)))) {
            throw new Rejection(
                    Rejection.NO_LAUNCHABLE_SCO,
                    "The launch file \"" + SafeArchive.printable(raw) + "\" of SCO \""
                            + SafeArchive.printable(identifier) + "\" is not in the package.");
        }
        if (!files.test(resolved)) {
            resolved = decode(resolved);
        }
        String params = parameters == null ? "" : parameters.strip();
        if (!params.isEmpty()) {
            if (params.startsWith("?") || params.startsWith("#")) {
                suffix = suffix.isEmpty() ? params : suffix + "&" + params.substring(1);
            } else {
                suffix = suffix.isEmpty() ? "?" + params : suffix + "&" + params;
            }
        }
        return resolved + suffix;
    }

    /** A relative path normalised inside the package, or null when it is absolute or climbs out. */
    public static String resolve(String path) {
        if (path.isEmpty()
                || path.startsWith("/")
                || path.startsWith("\\")
                || path.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return null;
        }
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : path.replace('\\', '/').split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    return null;
                }
                segments.removeLast();
            } else {
                segments.addLast(segment);
            }
        }
        return segments.isEmpty() ? null : String.join("/", segments);
    }

    private static String decode(String path) {
        try {
            return URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return path;
        }
    }

    private static String join(String base, String path) {
        if (base == null || base.isEmpty()) {
            return path;
        }
        if (path.isEmpty()) {
            return base;
        }
        return base.endsWith("/") ? base + path : base + "/" + path;
    }

    private static String base(Element element) {
        return element.getAttributeNS(XMLConstants.XML_NS_URI, "base").strip();
    }

    private static boolean isSco(Element resource) {
        NamedNodeMap attributes = resource.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr attribute = (Attr) attributes.item(i);
            String name = attribute.getLocalName() == null ? attribute.getName() : attribute.getLocalName();
            if (name.equalsIgnoreCase("scormtype")) {
                return attribute.getValue().strip().equalsIgnoreCase("sco");
            }
        }
        return false;
    }

    private static void collectNamespaces(Element element, Set<String> out) {
        Deque<Element> stack = new ArrayDeque<>();
        stack.push(element);
        while (!stack.isEmpty()) {
            Element e = stack.pop();
            if (e.getNamespaceURI() != null) {
                out.add(e.getNamespaceURI());
            }
            NamedNodeMap attributes = e.getAttributes();
            for (int i = 0; i < attributes.getLength(); i++) {
                Node a = attributes.item(i);
                if (a.getNamespaceURI() != null) {
                    out.add(a.getNamespaceURI());
                }
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())) {
                    out.add(a.getNodeValue());
                }
            }
            for (Node child = e.getFirstChild(); child != null; child = child.getNextSibling()) {
                if (child instanceof Element c) {
                    stack.push(c);
                }
            }
        }
    }

    private static void pushChildren(Deque<Element> stack, Element parent, String name) {
        List<Element> items = children(parent, name);
        for (int i = items.size() - 1; i >= 0; i--) {
            stack.push(items.get(i));
        }
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && name.equals(local(e))) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element first(Element root, String name) {
        Deque<Element> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Element e = stack.pop();
            if (name.equals(local(e))) {
                return e;
            }
            for (Node child = e.getLastChild(); child != null; child = child.getPreviousSibling()) {
                if (child instanceof Element c) {
                    stack.push(c);
                }
            }
        }
        return null;
    }

    private static String text(List<Element> elements) {
        return elements.isEmpty()
                ? ""
                : elements.get(0).getTextContent().replaceAll("\\s+", " ").strip();
    }

    private static String local(Element element) {
        return element.getLocalName() == null ? element.getTagName() : element.getLocalName();
    }

    private static int indexOfAny(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }
}
