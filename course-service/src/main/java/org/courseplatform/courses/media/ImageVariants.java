package org.courseplatform.courses.media;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;

/**
 * Turns an uploaded JPEG, PNG or GIF (its first frame) into the widths learners load. The
 * dimensions are read from the header before any pixel is decoded, so a file claiming huge
 * dimensions is refused without allocating them; a picture much wider than the largest width is
 * decoded subsampled, which bounds memory. Every variant is re-encoded from pixels, so nothing of
 * the original's metadata (EXIF with its GPS position, comments, profiles) survives: opaque
 * pictures become JPEG, pictures with transparency PNG.
 */
final class ImageVariants {

    static final int[] WIDTHS = {320, 640, 1280, 1920};
    static final int MAX_WIDTH = 1920;
    /** Pixels decoded at most (about 64 MB as 4-byte pixels), whatever the picture. */
    static final long MAX_DECODED_PIXELS = 16_000_000;

    /** A refused picture: the message is the 422's. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** One re-encoded width. */
    record Variant(int width, int height, String contentType, String extension, byte[] bytes) {}

    /** The original's dimensions and the variants made from it. */
    record Result(int width, int height, List<Variant> variants) {}

    private ImageVariants() {}

    /** The widths made for an original this wide: never upscaled, at least one, the largest at most 1920. */
    static List<Integer> widthsFor(int width) {
        List<Integer> widths = new ArrayList<>();
        for (int w : WIDTHS) {
            if (w < width) {
                widths.add(w);
            }
        }
        if (width <= MAX_WIDTH) {
            widths.add(width);
        }
        return widths;
    }

    static Result process(Path file, long maxPixels, float jpegQuality) throws IOException, Refused {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            if (in == null) {
                throw new Refused("The picture cannot be read");
            }
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new Refused("The picture cannot be read: no decoder knows its format");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int width;
                int height;
                try {
                    width = reader.getWidth(0);
                    height = reader.getHeight(0);
                } catch (IOException | RuntimeException e) {
                    throw new Refused("The picture is damaged: its header cannot be read");
                }
                if (width <= 0 || height <= 0) {
                    throw new Refused("The picture has no pixels");
                }
                if ((long) width * height > maxPixels) {
                    throw new Refused("The picture is " + width + " x " + height + " pixels; at most "
                            + maxPixels / 1_000_000 + " megapixels are accepted");
                }
                ImageReadParam param = reader.getDefaultReadParam();
                int step = subsampling(width, height);
                if (step > 1) {
                    param.setSourceSubsampling(step, step, 0, 0);
                }
                BufferedImage decoded;
                try {
                    decoded = reader.read(0, param);
                } catch (IOException | RuntimeException e) {
                    throw new Refused("The picture is damaged: its pixels cannot be decoded");
                }
                boolean alpha = decoded.getColorModel().hasAlpha();
                List<Variant> variants = new ArrayList<>();
                for (int w : widthsFor(width)) {
                    int h = Math.max(1, (int) Math.round((double) height * w / width));
                    BufferedImage scaled = scale(decoded, w, h, alpha);
                    variants.add(
                            alpha
                                    ? new Variant(w, h, "image/png", "png", png(scaled))
                                    : new Variant(w, h, "image/jpeg", "jpg", jpeg(scaled, jpegQuality)));
                }
                return new Result(width, height, variants);
            } finally {
                reader.dispose();
            }
        }
    }

    /**
     * The source subsampling: every n-th pixel of every n-th row, so the decoded picture is not
     * much wider than the largest width and at most about {@link #MAX_DECODED_PIXELS} pixels
     * (a very tall picture is decoded a little below 1920 wide and scaled up to it).
     */
    static int subsampling(int width, int height) {
        int byWidth = width / MAX_WIDTH;
        int byPixels = (int) Math.ceil(Math.sqrt((double) width * height / MAX_DECODED_PIXELS));
        return Math.max(1, Math.max(byWidth, byPixels));
    }

    /** Scales in halving steps, then bicubic to the size, so a large reduction stays smooth. */
    private static BufferedImage scale(BufferedImage source, int width, int height, boolean alpha) {
        BufferedImage current = source;
        while (current.getWidth() / 2 >= width && current.getHeight() / 2 >= height) {
            current = draw(current, current.getWidth() / 2, current.getHeight() / 2, alpha);
        }
        return draw(current, width, height, alpha);
    }

    private static BufferedImage draw(BufferedImage source, int width, int height, boolean alpha) {
        BufferedImage target =
                new BufferedImage(width, height, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        Graphics2D g = target.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            if (alpha) {
                g.setComposite(AlphaComposite.Src);
            }
            g.drawImage(source, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return target;
    }

    private static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(image, "png", bytes);
        return bytes.toByteArray();
    }
}
