package org.courseplatform.scorm.processing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Counts the central directory's entries before any zip library reads them. A zip library keeps
 * every entry of the directory in memory, so a 200 MB archive of empty entries (about 4 million)
 * would exhaust the heap before an entry count could be checked; this scan walks the records with
 * constant memory and stops one past the limit.
 */
final class CentralDirectoryScan {

    private static final int EOCD_SIG = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    private static final int ZIP64_EOCD_SIG = 0x06064b50;
    private static final int CFH_SIG = 0x02014b50;
    private static final int EOCD_MIN = 22;
    private static final int MAX_COMMENT = 0xFFFF;

    private CentralDirectoryScan() {}

    /**
     * The number of central directory records, at most {@code limit + 1}.
     *
     * @throws Rejection {@code not_zip} when there is no end-of-central-directory record
     */
    static int count(Path zip, int limit) throws Rejection, IOException {
        try (FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < EOCD_MIN) {
                throw notZip("it is too short to be a zip archive (" + size + " bytes)");
            }
            int tailLength = (int) Math.min(size, EOCD_MIN + MAX_COMMENT);
            ByteBuffer tail = read(channel, size - tailLength, tailLength);
            int eocd = -1;
            for (int i = tailLength - EOCD_MIN; i >= 0; i--) {
                if (tail.getInt(i) == EOCD_SIG) {
                    eocd = i;
                    break;
                }
            }
            if (eocd < 0) {
                throw notZip("it has no zip end-of-central-directory record");
            }
            long eocdPosition = size - tailLength + eocd;
            long cdSize = Integer.toUnsignedLong(tail.getInt(eocd + 12));
            long cdOffset = Integer.toUnsignedLong(tail.getInt(eocd + 16));
            if (cdSize == 0xFFFFFFFFL
                    || cdOffset == 0xFFFFFFFFL
                    || Short.toUnsignedInt(tail.getShort(eocd + 10)) == 0xFFFF) {
                long locator = eocdPosition - 20;
                if (locator >= 0) {
                    ByteBuffer loc = read(channel, locator, 20);
                    if (loc.getInt(0) == ZIP64_LOCATOR_SIG) {
                        long zip64Eocd = loc.getLong(8);
                        if (zip64Eocd >= 0 && zip64Eocd + 56 <= size) {
                            ByteBuffer z = read(channel, zip64Eocd, 56);
                            if (z.getInt(0) == ZIP64_EOCD_SIG) {
                                cdSize = z.getLong(40);
                                cdOffset = z.getLong(48);
                                eocdPosition = zip64Eocd;
                            }
                        }
                    }
                }
            }
            // An archive with data in front (a self-extractor) has offsets relative to the zip's start.
            long start = cdOffset;
            if (start < 0 || start + 4 > size || read(channel, start, 4).getInt(0) != CFH_SIG) {
                start = eocdPosition - cdSize;
            }
            int count = 0;
            long position = start;
            while (position >= 0 && position + 46 <= size && count <= limit) {
                ByteBuffer header = read(channel, position, 46);
                if (header.getInt(0) != CFH_SIG) {
                    break;
                }
                count++;
                position += 46L
                        + Short.toUnsignedInt(header.getShort(28))
                        + Short.toUnsignedInt(header.getShort(30))
                        + Short.toUnsignedInt(header.getShort(32));
            }
            return count;
        }
    }

    private static ByteBuffer read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining() && channel.read(buffer, position + buffer.position()) >= 0) {
            // bytes past the end of the file stay zero
        }
        return buffer.clear();
    }

    private static Rejection notZip(String why) {
        return new Rejection(Rejection.NOT_ZIP, "The file is not a valid zip archive: " + why + ".");
    }
}
