package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Items as rows and rows as items. A table's rows have the columns {@code pk} and {@code sk} (the key), one
 * typed column per declared attribute, and {@code attrs}, a {@code map<string,string>} of every other
 * attribute in {@link AttributeText} form.
 *
 * <p>Declared types map to Spark types: STRING to string, NUMBER to {@code decimal(38,18)}, BOOLEAN to
 * boolean, BINARY to binary, STRING_SET to {@code array<string>}, NUMBER_SET to {@code array<decimal(38,18)>};
 * NULL, LIST and MAP to a string in {@link AttributeText} form. A value that its column cannot hold exactly
 * (another type than declared, or a number beyond {@code decimal(38,18)}) leaves the column null and goes to
 * {@code attrs}, so a read never loses or rounds anything.
 */
public final class Rows {
    /** The partition key column. */
    public static final String PK = "pk";
    /** The sort key column. */
    public static final String SK = "sk";
    /** The column of the attributes without a column of their own. */
    public static final String ATTRS = "attrs";
    private static final DecimalType NUMBER = DataTypes.createDecimalType(38, 18);

    private Rows() {
    }

    /** The schema of a table's rows. */
    public static StructType schema(Map<String, Value.Type> declared) {
        List<StructField> fields = new ArrayList<>();
        fields.add(new StructField(PK, DataTypes.StringType, false, Metadata.empty()));
        fields.add(new StructField(SK, DataTypes.StringType, false, Metadata.empty()));
        declared.forEach((name, type) -> {
            if (name.equals(PK) || name.equals(SK) || name.equals(ATTRS)) {
                throw new IllegalArgumentException("declared attribute '" + name + "' has the name of a key or the "
                        + ATTRS + " column");
            }
            fields.add(new StructField(name, sparkType(type), true, Metadata.empty()));
        });
        fields.add(new StructField(ATTRS, DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType), false,
                Metadata.empty()));
        return new StructType(fields.toArray(StructField[]::new));
    }

    private static DataType sparkType(Value.Type type) {
        return switch (type) {
            case STRING, NULL, LIST, MAP -> DataTypes.StringType;
            case NUMBER -> NUMBER;
            case BOOLEAN -> DataTypes.BooleanType;
            case BINARY -> DataTypes.BinaryType;
            case STRING_SET -> DataTypes.createArrayType(DataTypes.StringType, false);
            case NUMBER_SET -> DataTypes.createArrayType(NUMBER, false);
        };
    }

    /** An item as a row of {@link #schema(Map)}. */
    public static InternalRow toRow(Item item, Map<String, Value.Type> declared) {
        Object[] cells = new Object[declared.size() + 3];
        cells[0] = UTF8String.fromString(item.key().partition());
        cells[1] = UTF8String.fromString(item.key().sort());
        Map<String, Value> rest = new LinkedHashMap<>(item.attributes());
        int i = 2;
        for (Map.Entry<String, Value.Type> column : declared.entrySet()) {
            Value value = rest.get(column.getKey());
            Object cell = value == null || value.type() != column.getValue() ? null : cell(value);
            if (cell != null) {
                rest.remove(column.getKey());
            }
            cells[i++] = cell;
        }
        UTF8String[] keys = new UTF8String[rest.size()];
        UTF8String[] values = new UTF8String[rest.size()];
        int j = 0;
        for (Map.Entry<String, Value> e : rest.entrySet()) {
            keys[j] = UTF8String.fromString(e.getKey());
            values[j++] = UTF8String.fromString(AttributeText.encode(e.getValue()));
        }
        cells[i] = new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
        return new GenericInternalRow(cells);
    }

    /** The cell of a declared column holding {@code value}, or null when the column cannot hold it exactly. */
    private static Object cell(Value value) {
        if (value instanceof Value.Str s) {
            return UTF8String.fromString(s.value());
        }
        if (value instanceof Value.Num n) {
            return decimal(n.value());
        }
        if (value instanceof Value.Bool b) {
            return b.value();
        }
        if (value instanceof Value.Bin b) {
            return b.value();
        }
        if (value instanceof Value.StrSet s) {
            return new GenericArrayData(s.value().stream().sorted().map(UTF8String::fromString).toArray());
        }
        if (value instanceof Value.NumSet s) {
            Object[] out = s.value().stream().sorted().map(Rows::decimal).toArray();
            for (Object o : out) {
                if (o == null) {
                    return null;
                }
            }
            return new GenericArrayData(out);
        }
        return UTF8String.fromString(AttributeText.encode(value));
    }

    private static org.apache.spark.sql.types.Decimal decimal(BigDecimal n) {
        BigDecimal exact = n.stripTrailingZeros();
        if (exact.scale() > NUMBER.scale() || exact.precision() - exact.scale() > NUMBER.precision() - NUMBER.scale()) {
            return null;
        }
        org.apache.spark.sql.types.Decimal d = org.apache.spark.sql.types.Decimal.apply(exact);
        return d.changePrecision(NUMBER.precision(), NUMBER.scale()) ? d : null;
    }

    /**
     * A row of any schema as an item: {@code pk} and {@code sk} (strings, required) make the key, {@code attrs}
     * ({@code map<string,string>} in {@link AttributeText} form) gives attributes, and every other column is an
     * attribute of its name, typed by its Spark type (strings, numbers, booleans, binary, arrays of strings or
     * numbers as sets); null cells and empty sets are left out.
     */
    public static Item toItem(InternalRow row, StructType schema) {
        int pk = schema.getFieldIndex(PK).getOrElse(() -> -1);
        int sk = schema.getFieldIndex(SK).getOrElse(() -> -1);
        if (pk < 0 || sk < 0 || row.isNullAt(pk) || row.isNullAt(sk)) {
            throw new IllegalArgumentException("a row written to a table needs string columns '" + PK + "' and '" + SK
                    + "', not null; schema: " + schema.simpleString());
        }
        Item.Builder item = Item.builder(Key.of(row.getUTF8String(pk).toString(), row.getUTF8String(sk).toString()));
        StructField[] fields = schema.fields();
        for (int i = 0; i < fields.length; i++) {
            String name = fields[i].name();
            if (i == pk || i == sk || row.isNullAt(i)) {
                continue;
            }
            DataType type = fields[i].dataType();
            if (name.equals(ATTRS) && type instanceof MapType) {
                MapData map = row.getMap(i);
                ArrayData keys = map.keyArray();
                ArrayData values = map.valueArray();
                for (int j = 0; j < map.numElements(); j++) {
                    if (!values.isNullAt(j)) {
                        item.put(keys.getUTF8String(j).toString(), AttributeText.decode(values.getUTF8String(j).toString()));
                    }
                }
                continue;
            }
            Value value = value(row, i, type, name);
            if (value != null) {
                item.put(name, value);
            }
        }
        return item.build();
    }

    private static Value value(InternalRow row, int i, DataType type, String name) {
        if (type instanceof StringType) {
            return Value.of(row.getUTF8String(i).toString());
        }
        if (type instanceof BooleanType) {
            return Value.of(row.getBoolean(i));
        }
        if (type instanceof BinaryType) {
            return Value.of(row.getBinary(i));
        }
        if (type instanceof ArrayType array) {
            ArrayData data = row.getArray(i);
            if (data.numElements() == 0) {
                return null;
            }
            if (array.elementType() instanceof StringType) {
                List<String> members = new ArrayList<>();
                for (int j = 0; j < data.numElements(); j++) {
                    members.add(data.getUTF8String(j).toString());
                }
                return Value.stringSet(members);
            }
            List<BigDecimal> members = new ArrayList<>();
            for (int j = 0; j < data.numElements(); j++) {
                members.add(number(data, j, array.elementType(), name));
            }
            return Value.numberSet(members);
        }
        return Value.of(number(row, i, type, name));
    }

    private static BigDecimal number(org.apache.spark.sql.catalyst.expressions.SpecializedGetters row, int i,
                                     DataType type, String name) {
        if (type instanceof DecimalType d) {
            return row.getDecimal(i, d.precision(), d.scale()).toJavaBigDecimal();
        }
        if (type instanceof LongType) {
            return BigDecimal.valueOf(row.getLong(i));
        }
        if (type instanceof IntegerType) {
            return BigDecimal.valueOf(row.getInt(i));
        }
        if (type instanceof ShortType) {
            return BigDecimal.valueOf(row.getShort(i));
        }
        if (type instanceof ByteType) {
            return BigDecimal.valueOf(row.getByte(i));
        }
        if (type instanceof DoubleType) {
            return BigDecimal.valueOf(row.getDouble(i));
        }
        if (type instanceof FloatType) {
            return BigDecimal.valueOf(row.getFloat(i));
        }
        throw new IllegalArgumentException("column '" + name + "' of type " + type.simpleString()
                + " has no attribute type: use strings, numbers, booleans, binary, arrays of strings or numbers, or "
                + ATTRS);
    }
}
