package io.proxybench.loadtest.plan;

/** One {@code key=value} setting for a front end process. */
public record Setting(String key, String value) {

    /** Parses {@code key=value}; {@code where} names the input in the error message. */
    public static Setting parse(String text, String where) throws PlanException {
        String pair = text.trim();
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new PlanException(where + ": setting '" + pair + "' is not key=value");
        }
        String key = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        if (key.isEmpty() || !key.matches("[A-Za-z0-9_.-]+")) {
            throw new PlanException(where + ": bad setting key '" + key + "'");
        }
        if (value.isEmpty()) {
            throw new PlanException(where + ": setting '" + key + "' has no value");
        }
        return new Setting(key, value);
    }
}
