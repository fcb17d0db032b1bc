// expect: security/ssrf@22
using Microsoft.AspNetCore.Mvc;

namespace Feeds.Api.Controllers;

[ApiController]
[Route("api/preview")]
public class PreviewController : ControllerBase
{
    private readonly HttpClient _httpClient;

    public PreviewController(IHttpClientFactory factory)
    {
        _httpClient = factory.CreateClient();
    }

    [HttpGet]
    public async Task<IActionResult> Get([FromQuery] string url)
    {
        if (string.IsNullOrEmpty(url))
            return BadRequest();
        var response = await _httpClient.GetAsync(url);
        var body = await response.Content.ReadAsStringAsync();
        return Content(body, "text/html");
    }
}
