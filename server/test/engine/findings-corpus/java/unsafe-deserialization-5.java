// expect: security/unsafe-deserialization@6
import org.apache.commons.lang3.SerializationUtils;

public class CartCookie {
    public Object restore(byte[] cookieBytes) {
        return SerializationUtils.deserialize(cookieBytes);
    }
}
