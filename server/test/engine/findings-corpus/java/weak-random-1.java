// expect: security/weak-random@8
import java.util.Random;

public class OtpService {
    private final Random random = new Random();

    public String newOtp() {
        int otp = 100000 + random.nextInt(900000);
        return Integer.toString(otp);
    }
}
