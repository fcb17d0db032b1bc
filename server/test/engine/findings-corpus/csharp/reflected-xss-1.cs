// expect: security/reflected-xss@13
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/unsubscribe", async (HttpContext context) =>
{
    string email = context.Request.Query["email"];
    // the mailing service has already removed the address by now
    context.Response.ContentType = "text/html; charset=utf-8";
    await context.Response.WriteAsync(
        "<p>" + email + " has been unsubscribed.</p>");
});

app.Run();
