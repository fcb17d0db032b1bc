// expect: security/weak-hash@6
import org.apache.commons.codec.digest.DigestUtils;

public class LegacyAuth {
    public boolean matches(String password, String storedHash) {
        return DigestUtils.md5Hex(password).equals(storedHash);
    }
}
