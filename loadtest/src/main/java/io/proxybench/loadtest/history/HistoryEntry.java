package io.proxybench.loadtest.history;

import io.proxybench.loadtest.compare.Metric;
import java.util.Map;

/**
 * One front end at one step in one run: when, which build, and each key figure's median over the
 * repeats with their range.
 *
 * @param runId     the run's id (its directory's name when run.json has none)
 * @param startedAt when the run started (ISO-8601), or null
 * @param label     the front end's label in that run ({@code netty@HEAD~1})
 * @param revision  the revision as written ({@code HEAD~1}), or null for the kit's own checkout
 * @param commit    the short commit id the proxy was built from: the front end's {@code commit}, else the
 *                  run's git revision; {@code +} marks uncommitted changes; {@code ?} when unknown
 * @param repeats   the repeats that produced figures
 * @param flags     the distinct flags the repeats raised ({@code machine-saturated, jit-busy}); empty when none
 * @param figures   the figures measured, by metric
 */
public record HistoryEntry(
        String runId,
        String startedAt,
        String label,
        String revision,
        String commit,
        int repeats,
        String flags,
        Map<Metric, Figure> figures) {

    public HistoryEntry {
        figures = Map.copyOf(figures);
    }

    /** A figure's median over the repeats and the lowest and highest repeat. */
    public record Figure(double median, double low, double high) {

        /** (high − low) ÷ median × 100: the spread {@code compare} prints; 0 for one repeat. */
        public double spreadPct() {
            return median == 0 ? 0 : (high - low) / Math.abs(median) * 100;
        }
    }

    /** {@code 2026-12-05T10:44:38Z} as {@code 2026-12-05 10:44}; {@code ?} when unknown. */
    static String shortTime(String iso) {
        if (iso == null || iso.length() < 16) {
            return iso == null ? "?" : iso;
        }
        return iso.substring(0, 10) + " " + iso.substring(11, 16);
    }

    /** The start as {@code 2026-12-05 10:44}. */
    public String time() {
        return shortTime(startedAt);
    }

    /** Which build: {@code abc1234}, or {@code HEAD~1 abc1234} for a front end at a revision. */
    public String build() {
        return revision == null ? commit : revision + " " + commit;
    }

    /**
     * A commit id as a short id: the first 7 characters of a hash; {@code abc1234 (dirty)} (the kit's
     * checkout with changes) and {@code <hash>+changes} (a {@code worktree} revision) as {@code abc1234+}.
     */
    static String shortCommit(String commit) {
        if (commit == null || commit.isBlank()) {
            return "?";
        }
        String trimmed = commit.trim();
        boolean changed = trimmed.contains("+") || trimmed.contains("dirty");
        String hash = trimmed.split("[\\s+]", 2)[0];
        return (hash.length() > 7 ? hash.substring(0, 7) : hash) + (changed ? "+" : "");
    }
}
