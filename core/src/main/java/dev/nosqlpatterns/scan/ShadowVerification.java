package dev.nosqlpatterns.scan;

import dev.nosqlpatterns.verify.Verification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link ShadowTable} verify found or a repair fixed: items examined across both tables and shadows that
 * were missing, stale or left over (a shadow whose item changed may be counted from both sides).
 */
public record ShadowVerification(long checked, long wrong) implements Verification {
    @Override
    public long examined() {
        return checked;
    }

    @Override
    public long disagreements() {
        return wrong;
    }

    @Override
    public List<String> findings() {
        Map<String, Long> kinds = new LinkedHashMap<>();
        kinds.put("missing, stale or left-over shadows", wrong);
        return Verification.lines(kinds);
    }
}
