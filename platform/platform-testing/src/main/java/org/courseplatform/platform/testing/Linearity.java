package org.courseplatform.platform.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Checks that work on client-controlled input grows linearly with its size, for the regular
 * expressions and scanners that see such input (a quadratic one lets one request stall a
 * thread for minutes). It compares growth across sizes instead of asserting a wall-clock limit,
 * so it holds on a slow or busy machine: from an eighth of the maximum size to the maximum, the
 * time of linear work grows about 8 times and of quadratic work about 64 times; the bound sits
 * between the two (8 x the square root of 8, about 23).
 */
public final class Linearity {

    /** The largest growth from size/8 to size still taken as linear. */
    public static final double MAX_GROWTH = 23.0;

    private static final int RUNS = 5;
    private static final long MIN_SAMPLE_NANOS = 20_000_000L;
    private static final long WARM_UP_NANOS = 500_000_000L;

    private Linearity() {}

    /** The best time per call at each size, smallest size first. */
    public record Growth(String what, int[] sizes, double[] nanos) {
        public double ratio() {
            return nanos[nanos.length - 1] / Math.max(nanos[0], 1.0);
        }

        @Override
        public String toString() {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < sizes.length; i++) {
                parts.add(String.format(Locale.ROOT, "%,d: %.3f ms", sizes[i], nanos[i] / 1e6));
            }
            return String.format(
                    Locale.ROOT,
                    "%s grows %.1fx from size %,d to %,d (%s)",
                    what,
                    ratio(),
                    sizes[0],
                    sizes[sizes.length - 1],
                    String.join(", ", parts));
        }
    }

    /**
     * Fails unless {@code work} on {@code input.apply(maxSize)} takes at most {@link #MAX_GROWTH}
     * times as long as on {@code input.apply(maxSize / 8)}.
     */
    public static <T> Growth assertLinear(String what, int maxSize, IntFunction<T> input, Consumer<T> work) {
        Growth growth = measure(what, maxSize, input, work);
        if (growth.ratio() > MAX_GROWTH) {
            // One more try before failing: a pause of the whole machine during the large sample
            // looks like super-linear growth once, quadratic work does so every time.
            growth = measure(what, maxSize, input, work);
            if (growth.ratio() > MAX_GROWTH) {
                throw new AssertionError("not linear: " + growth + "; linear work grows about 8x");
            }
        }
        return growth;
    }

    public static <T> Growth measure(String what, int maxSize, IntFunction<T> input, Consumer<T> work) {
        int[] sizes = {Math.max(1, maxSize / 8), Math.max(1, maxSize / 4), Math.max(1, maxSize / 2), maxSize};
        double[] nanos = new double[sizes.length];
        warmUp(input.apply(sizes[0]), work);
        for (int i = 0; i < sizes.length; i++) {
            T value = input.apply(sizes[i]);
            work.accept(value); // warm-up
            nanos[i] = best(value, work);
        }
        return new Growth(what, sizes, nanos);
    }

    /**
     * Runs the work on the smallest input until the JIT has had time to compile it: measured cold,
     * the smallest size looks slow, and quadratic growth then passes for linear.
     */
    private static <T> void warmUp(T value, Consumer<T> work) {
        long start = System.nanoTime();
        int calls = 0;
        do {
            work.accept(value);
            calls++;
        } while (System.nanoTime() - start < WARM_UP_NANOS && calls < 100_000);
    }

    /** The best of several samples, each repeating the call until it has run long enough to time. */
    private static <T> double best(T value, Consumer<T> work) {
        double best = Double.MAX_VALUE;
        for (int run = 0; run < RUNS; run++) {
            int calls = 0;
            long start = System.nanoTime();
            long elapsed;
            do {
                work.accept(value);
                calls++;
                elapsed = System.nanoTime() - start;
            } while (elapsed < MIN_SAMPLE_NANOS && calls < 1_000_000);
            best = Math.min(best, (double) elapsed / calls);
        }
        return best;
    }
}
