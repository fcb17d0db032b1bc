// expect: security/reflected-xss@16
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

@Controller
public class BadgeController {
    @GetMapping("/badge/{label}")
    public ResponseEntity<String> badge(@PathVariable String label) {
        String svg = String.format(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"20\">"
                        + "<text x=\"4\" y=\"14\">%s</text></svg>",
                label);
        return ResponseEntity.ok()
                .contentType(MediaType.valueOf("image/svg+xml"))
                .header("Cache-Control", "max-age=300")
                .body(svg);
    }
}
