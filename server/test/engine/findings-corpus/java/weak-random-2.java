// silent: security/weak-random
import java.security.SecureRandom;

public class OtpService {
    private final SecureRandom random = new SecureRandom();

    public String newOtp() {
        int otp = 100000 + random.nextInt(900000);
        return Integer.toString(otp);
    }
}
