// expect: security/stored-xss@21
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.http.HttpStatus;

@RestController
public class SignatureController {
    private final MemberRepository memberRepository;

    public SignatureController(MemberRepository memberRepository) {
        this.memberRepository = memberRepository;
    }

    @GetMapping("/members/{id}/signature")
    public String signature(@PathVariable long id) {
        Member member = memberRepository.findById(id)
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        String sig = member.getSignature();
        return "<div class=\"signature\">" + sig + "</div>";
    }
}
