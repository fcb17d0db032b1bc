// silent: security/reflected-xss
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Mvc;

public class UnsubscribeController : Controller
{
    [HttpGet("/unsubscribe")]
    public IActionResult Unsubscribe(string email)
    {
        var shown = HtmlEncoder.Default.Encode(email);
        return Content($"<p>{shown} has been unsubscribed.</p>", "text/html");
    }

    [HttpGet("/unsubscribe.txt")]
    public IActionResult UnsubscribeText(string email) => Content($"{email} has been unsubscribed.");
}
