// silent: security/ssrf
using Microsoft.AspNetCore.Mvc;

namespace Feeds.Api.Controllers;

[ApiController]
[Route("api/preview")]
public class PreviewController : ControllerBase
{
    private static readonly HashSet<string> AllowedHosts = new(StringComparer.OrdinalIgnoreCase)
    {
        "images.example.com",
        "cdn.example.com",
    };

    private readonly HttpClient _httpClient;

    public PreviewController(HttpClient httpClient) => _httpClient = httpClient;

    [HttpGet]
    public async Task<IActionResult> Get([FromQuery] string url)
    {
        if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || !AllowedHosts.Contains(uri.Host))
            return BadRequest();
        var bytes = await _httpClient.GetByteArrayAsync(uri);
        return File(bytes, "image/png");
    }
}
