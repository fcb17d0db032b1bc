// expect: security/path-traversal@25
using Microsoft.AspNetCore.Mvc;

namespace Media.Api.Controllers;

[ApiController]
[Route("api/uploads")]
public class UploadsController : ControllerBase
{
    private readonly string _uploadRoot;

    public UploadsController(IConfiguration config)
    {
        _uploadRoot = config["Storage:UploadRoot"] ?? "/var/media/uploads";
    }

    [HttpPost]
    [RequestSizeLimit(10_000_000)]
    public async Task<IActionResult> Upload([FromForm] IFormFile file)
    {
        if (file.Length == 0)
        {
            return BadRequest("empty file");
        }
        await using var target = new FileStream(Path.Combine(_uploadRoot, file.FileName), FileMode.CreateNew);
        await file.CopyToAsync(target);
        return Ok(new { file.FileName, file.Length });
    }
}
