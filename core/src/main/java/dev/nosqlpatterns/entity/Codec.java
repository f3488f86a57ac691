package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Value;

/**
 * Converts the values of one Java type to attribute {@link Value}s and back.
 *
 * <p>Null and absent are one: a null component, an empty {@code Optional} and an empty set are left
 * out of the item, and an absent attribute (or an explicit {@link Value.Null}) reads as null, an empty
 * {@code Optional} or an empty set, and as an error for a primitive. Paths such as
 * {@code Article.tags[2]} name the value in messages: {@link IllegalArgumentException} when writing,
 * {@link EntityMappingException} when reading.
 */
abstract class Codec {

    /** The attribute value of a non-null Java value, or null to leave the attribute out. */
    abstract Value encode(Object value, String path);

    /** The Java value of a present attribute value that is not {@link Value.Null}. */
    abstract Object decodePresent(Value value, String path);

    /** The Java value of an absent or null attribute. */
    Object missing(String path) {
        return null;
    }

    /** The Java value of an attribute value, which may be absent (null). */
    Object decode(Value value, String path) {
        return value == null || value instanceof Value.Null ? missing(path) : decodePresent(value, path);
    }

    static EntityMappingException wrongType(String path, Value value, String expected) {
        return new EntityMappingException(path + " expects " + expected + " but the stored value is a "
                + value.type() + ": " + abbreviate(value));
    }

    static EntityMappingException unreadable(String path, Value value, RuntimeException cause) {
        return new EntityMappingException(path + " cannot be read from " + abbreviate(value) + ": "
                + cause.getMessage(), cause);
    }

    static IllegalArgumentException unwritable(String path, Object value, RuntimeException cause) {
        return new IllegalArgumentException(path + " cannot be written: " + cause.getMessage() + " (value "
                + abbreviate(value) + ")", cause);
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    /** Strings as string values. */
    static final class Text extends Codec {
        @Override
        Value encode(Object value, String path) {
            return Value.of((String) value);
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (value instanceof Value.Str s) {
                return s.value();
            }
            throw wrongType(path, value, "a STRING");
        }
    }

    /** A char as a string of that one char. */
    static final class Char extends Codec {
        private final boolean primitive;

        Char(boolean primitive) {
            this.primitive = primitive;
        }

        @Override
        Value encode(Object value, String path) {
            return Value.of(String.valueOf((char) (Character) value));
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (value instanceof Value.Str s && s.value().length() == 1) {
                return s.value().charAt(0);
            }
            throw wrongType(path, value, "a STRING of one char");
        }

        @Override
        Object missing(String path) {
            if (primitive) {
                throw new EntityMappingException(path + " is a char but the item has no value for it");
            }
            return null;
        }
    }

    /** Booleans. */
    static final class Bool extends Codec {
        private final boolean primitive;

        Bool(boolean primitive) {
            this.primitive = primitive;
        }

        @Override
        Value encode(Object value, String path) {
            return Value.of((Boolean) value);
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (value instanceof Value.Bool b) {
                return b.value();
            }
            throw wrongType(path, value, "a BOOLEAN");
        }

        @Override
        Object missing(String path) {
            if (primitive) {
                throw new EntityMappingException(path + " is a boolean but the item has no value for it");
            }
            return null;
        }
    }

    /** Integers, floating-point numbers, BigInteger and BigDecimal as exact numbers. */
    static final class Num extends Codec {
        private final Class<?> boxed;
        private final boolean primitive;

        Num(Class<?> boxed, boolean primitive) {
            this.boxed = boxed;
            this.primitive = primitive;
        }

        @Override
        Value encode(Object value, String path) {
            try {
                return Value.of(Numbers.toBigDecimal(value));
            } catch (IllegalArgumentException e) {
                throw unwritable(path, value, e);
            }
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (!(value instanceof Value.Num n)) {
                throw wrongType(path, value, "a NUMBER");
            }
            try {
                return Numbers.fromBigDecimal(n.value(), boxed);
            } catch (IllegalArgumentException e) {
                throw unreadable(path, value, e);
            }
        }

        @Override
        Object missing(String path) {
            if (primitive) {
                throw new EntityMappingException(path + " is a primitive " + boxed.getSimpleName()
                        + " but the item has no value for it");
            }
            return null;
        }
    }

    /** Values with a canonical text form (enums, instants, dates, UUIDs), as string values. */
    static final class Form extends Codec {
        private final KeyForm form;

        Form(KeyForm form) {
            this.form = form;
        }

        @Override
        Value encode(Object value, String path) {
            try {
                return Value.of(form.write(value));
            } catch (IllegalArgumentException e) {
                throw unwritable(path, value, e);
            }
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (!(value instanceof Value.Str s)) {
                throw wrongType(path, value, "a STRING holding " + form.type().getSimpleName());
            }
            try {
                return form.read(s.value());
            } catch (IllegalArgumentException e) {
                throw unreadable(path, value, e);
            }
        }
    }

    /** Byte arrays as binary values. */
    static final class Bytes extends Codec {
        @Override
        Value encode(Object value, String path) {
            return Value.of((byte[]) value);
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (value instanceof Value.Bin b) {
                return b.value();
            }
            throw wrongType(path, value, "a BINARY");
        }
    }

    /** Components declared as {@link Value}, stored as they are: a soft-schema escape hatch. */
    static final class Raw extends Codec {
        @Override
        Value encode(Object value, String path) {
            return (Value) value;
        }

        @Override
        Object decodePresent(Value value, String path) {
            return value;
        }

        @Override
        Object decode(Value value, String path) {
            return value;
        }
    }
}
