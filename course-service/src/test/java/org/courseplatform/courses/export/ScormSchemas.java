package org.courseplatform.courses.export;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.w3c.dom.ls.LSInput;
import org.w3c.dom.ls.LSResourceResolver;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Validates manifests against the IMS/ADL XSDs of their SCORM version, shipped under
 * {@code src/test/resources/scorm-xsd} (see the README there). Nothing is fetched: every schema
 * and DTD a schema names is served from that directory by the resolver, external access is off
 * otherwise, and a name outside the directory fails the validation. The XML namespace
 * ({@code xml:lang}, {@code xml:base}) is always the W3C's {@code xml.xsd} of the 2004 set.
 */
public final class ScormSchemas {

    private static final String BASE = "file:/scorm-xsd/";

    private ScormSchemas() {}

    /** Validates {@code manifest}; {@code version} {@code 1.2} or {@code 2004}. Throws with every problem found. */
    public static void validate(byte[] manifest, String version) throws SAXException, IOException {
        boolean v12 = "1.2".equals(version);
        String dir = v12 ? "1.2/" : "2004-3rd/";
        List<String> roots = v12
                ? List.of("imscp_rootv1p1p2.xsd", "adlcp_rootv1p2.xsd")
                : List.of("imscp_v1p1.xsd", "adlcp_v1p3.xsd", "adlseq_v1p3.xsd", "adlnav_v1p3.xsd", "imsss_v1p0.xsd");
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setResourceResolver(new Local());
        List<String> problems = new ArrayList<>();
        factory.setErrorHandler(collect(problems));
        List<StreamSource> sources = new ArrayList<>();
        for (String root : roots) {
            sources.add(new StreamSource(open(BASE + dir + root), BASE + dir + root));
        }
        Schema schema = factory.newSchema(sources.toArray(StreamSource[]::new));
        Validator validator = schema.newValidator();
        validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        validator.setResourceResolver(new Local());
        validator.setErrorHandler(collect(problems));
        validator.validate(new StreamSource(new ByteArrayInputStream(manifest), "imsmanifest.xml"));
        if (!problems.isEmpty()) {
            throw new SAXException("imsmanifest.xml (" + version + ") is not valid: " + String.join("; ", problems));
        }
    }

    private static ErrorHandler collect(List<String> problems) {
        return new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {}

            @Override
            public void error(SAXParseException e) {
                problems.add(e.getSystemId() + ":" + e.getLineNumber() + ": " + e.getMessage());
            }

            @Override
            public void fatalError(SAXParseException e) throws SAXException {
                throw e;
            }
        };
    }

    /** The classpath resource of a {@code file:/scorm-xsd/...} address; anything else is refused. */
    private static InputStream open(String address) throws IOException {
        String path = URI.create(address).normalize().getPath();
        if (path == null || !path.startsWith("/scorm-xsd/") || path.contains("..")) {
            throw new IOException("not a shipped schema: " + address);
        }
        InputStream in = ScormSchemas.class.getResourceAsStream(path);
        if (in == null) {
            throw new IOException("no shipped schema at " + address);
        }
        return in;
    }

    private static final class Local implements LSResourceResolver {
        @Override
        public LSInput resolveResource(
                String type, String namespace, String publicId, String systemId, String baseUri) {
            if (systemId == null) {
                // An import without a location (the LOM's namespaces): the schemas already loaded answer it.
                return null;
            }
            String address = baseUri == null
                    ? systemId
                    : URI.create(baseUri).resolve(systemId).toString();
            if (XMLConstants.XML_NS_URI.equals(namespace)) {
                // The 1.2 set's ims_xml.xsd binds the default namespace to the XML namespace, which
                // parsers refuse (Namespaces in XML); the W3C's own xml.xsd of the 2004 set stands in.
                address = BASE + "2004-3rd/xml.xsd";
            }
            try {
                return new Input(publicId, address, baseUri, open(address));
            } catch (IOException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }

    private record Input(String publicId, String systemId, String baseURI, InputStream byteStream) implements LSInput {
        @Override
        public String getPublicId() {
            return publicId;
        }

        @Override
        public String getSystemId() {
            return systemId;
        }

        @Override
        public String getBaseURI() {
            return baseURI;
        }

        @Override
        public InputStream getByteStream() {
            return byteStream;
        }

        @Override
        public Reader getCharacterStream() {
            return null;
        }

        @Override
        public String getStringData() {
            return null;
        }

        @Override
        public String getEncoding() {
            return null;
        }

        @Override
        public boolean getCertifiedText() {
            return false;
        }

        @Override
        public void setCharacterStream(Reader r) {}

        @Override
        public void setByteStream(InputStream s) {}

        @Override
        public void setStringData(String s) {}

        @Override
        public void setSystemId(String s) {}

        @Override
        public void setPublicId(String s) {}

        @Override
        public void setBaseURI(String s) {}

        @Override
        public void setEncoding(String s) {}

        @Override
        public void setCertifiedText(boolean b) {}
    }
}
