// expect: security/jwt-verification@7
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwts;

public class Tokens {
    public String subject(String token) {
        Claims claims = Jwts.parser().parseClaimsJwt(token).getBody();
        return claims.getSubject();
    }
}
