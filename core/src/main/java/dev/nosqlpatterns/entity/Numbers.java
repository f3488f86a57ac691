package dev.nosqlpatterns.entity;

import java.math.BigDecimal;
import java.math.BigInteger;

/** Exact conversions between Java number types and the {@link BigDecimal} that stores hold. */
final class Numbers {

    private Numbers() {
    }

    /**
     * The exact value of a Java number: floats and doubles by their shortest decimal form (so 0.1f is
     * 0.1, not 0.100000001490116...).
     *
     * @throws IllegalArgumentException for NaN, an infinity or a type that is not a number
     */
    static BigDecimal toBigDecimal(Object n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double d) {
            return new BigDecimal(Double.toString(finite(d)));
        }
        if (n instanceof Float f) {
            return new BigDecimal(Float.toString(finite(f)));
        }
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return BigDecimal.valueOf(((Number) n).longValue());
        }
        throw new IllegalArgumentException("expects a number but got " + n.getClass().getName());
    }

    /**
     * {@code d} as a value of {@code target} (a boxed integer or floating type, BigInteger or BigDecimal).
     *
     * @throws IllegalArgumentException when {@code d} has a fraction or is out of range for the target
     */
    static Object fromBigDecimal(BigDecimal d, Class<?> target) {
        try {
            if (target == BigDecimal.class) {
                return d;
            }
            if (target == BigInteger.class) {
                return d.toBigIntegerExact();
            }
            if (target == Long.class) {
                return d.longValueExact();
            }
            if (target == Integer.class) {
                return d.intValueExact();
            }
            if (target == Short.class) {
                return d.shortValueExact();
            }
            if (target == Byte.class) {
                return d.byteValueExact();
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("number " + d.toPlainString() + " does not fit "
                    + target.getSimpleName() + ": " + e.getMessage(), e);
        }
        if (target == Double.class) {
            double v = d.doubleValue();
            if (Double.isInfinite(v)) {
                throw new IllegalArgumentException("number " + d + " does not fit double");
            }
            return v;
        }
        if (target == Float.class) {
            float v = d.floatValue();
            if (Float.isInfinite(v)) {
                throw new IllegalArgumentException("number " + d + " does not fit float");
            }
            return v;
        }
        throw new IllegalArgumentException(target.getName() + " is not a number type");
    }

    static double finite(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("a number must be finite, got " + d);
        }
        return d;
    }

    static float finite(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            throw new IllegalArgumentException("a number must be finite, got " + f);
        }
        return f;
    }
}
