// silent: security/reflected-xss
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class EchoController {
    @GetMapping(value = "/echo", produces = MediaType.TEXT_PLAIN_VALUE)
    public String echo(@RequestParam String text) {
        return "<" + text + "> received";
    }

    @GetMapping("/status")
    public String status(@RequestParam String service) {
        return "Service " + service + " is up";
    }
}
