// expect: security/weak-random@4
public class PasswordReset {
    public String newResetCode() {
        String resetCode = String.valueOf((int) (Math.random() * 1_000_000));
        return resetCode;
    }
}
