import { describe, expect, it } from 'vitest';
import { checkLogo, unsafeSvgReason } from './check-logo';
import { SAFE_SVG, TINY_PNG } from './logo.test-helpers';

const svg = (inside: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inside}<rect width="10" height="10"/></svg>`;

describe('checkLogo', () => {
  it('takes a PNG by its signature and a safe SVG, whatever the parameters of their Content-Type', () => {
    expect(checkLogo('image/png', TINY_PNG)).toBe('image/png');
    expect(checkLogo('IMAGE/SVG+XML; charset=utf-8', Buffer.from(SAFE_SVG))).toBe('image/svg+xml');
    expect(unsafeSvgReason(SAFE_SVG)).toBeNull();
  });

  it.each([
    ['not a PNG at all', 'image/png', Buffer.from('GIF89a not a png at all, only pretending to be one')],
    [
      'a PNG signature without its IHDR chunk',
      'image/png',
      Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(40)]),
    ],
    ['SVG text sent as a PNG', 'image/png', Buffer.from(SAFE_SVG)],
    ['a PNG sent as an SVG', 'image/svg+xml', TINY_PNG],
    ['text without an <svg> element', 'image/svg+xml', Buffer.from('<html><body>hello</body></html>')],
    ['invalid UTF-8', 'image/svg+xml', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])],
    ['UTF-16', 'image/svg+xml', Buffer.from(`\ufeff${svg('')}`, 'utf16le')],
  ])('refuses %s: 400 VALIDATION_ERROR, logo INVALID_FORMAT', (_what, type, body) => {
    expect(() => checkLogo(type, body)).toThrow(
      expect.objectContaining({ status: 400, code: 'VALIDATION_ERROR', fields: { logo: 'INVALID_FORMAT' } }),
    );
  });

  it('refuses an empty body (logo REQUIRED) and any other type (415)', () => {
    expect(() => checkLogo('image/png', Buffer.alloc(0))).toThrow(
      expect.objectContaining({ status: 400, fields: { logo: 'REQUIRED' } }),
    );
    expect(() => checkLogo('image/png', undefined)).toThrow(expect.objectContaining({ status: 400 }));
    for (const type of ['image/jpeg', 'application/json', 'text/xml', undefined]) {
      expect(() => checkLogo(type, TINY_PNG), String(type)).toThrow(
        expect.objectContaining({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }),
      );
    }
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['a script with a namespace prefix', svg('<svg:script>alert(1)</svg:script>')],
    ['a script in upper case', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['onload', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'],
    ['onclick after a newline', svg('<rect\nonclick = "alert(1)"/>')],
    ['onmouseover after a quote', svg('<rect width="1"onmouseover="alert(1)"/>')],
    [
      'foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
    ],
    ['an iframe', svg('<iframe src="#x"/>')],
    ['a DOCTYPE', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`],
    ['an ENTITY', `<!ENTITY x SYSTEM "file:///etc/passwd">${svg('')}`],
    [
      'a style sheet processing instruction',
      `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`,
    ],
    ['an outside href', svg('<a href="https://evil.example/"><text>x</text></a>')],
    ['an outside xlink:href', svg('<image xlink:href="http://evil.example/x.png"/>')],
    ['a data: href', svg('<image href="data:image/png;base64,AAAA"/>')],
    ['a relative href', svg("<use href='other.svg#star'/>")],
    ['an unquoted href', svg('<use href=https://evil.example/x.svg#a/>')],
    ['a src', svg('<img src="https://evil.example/x.png"/>')],
    ['a javascript: href', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['a javascript: href spelled with character references', svg('<a href="&#106;avascript:alert(1)">x</a>')],
    ['an href whose # is a character reference', svg('<use href="&#x68;ttps://evil.example/#a"/>')],
    [
      'an outside url() in a style element',
      svg('<style>rect { fill: url(https://evil.example/x.svg#p); }</style>'),
    ],
    ['an outside url() in a style attribute', svg('<rect style="background: url( \'//evil.example/x\' )"/>')],
    ['an outside url() in a fill', svg('<rect fill="url(other.svg#g)"/>')],
    [
      'url() spelled with a character reference',
      svg('<style>rect { fill: &#117;rl(https://evil.example/); }</style>'),
    ],
    ['an @import', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['a CSS escape', svg('<style>rect { fill: \\75 rl(https://evil.example/); }</style>')],
    [
      'an animation setting a link',
      svg('<a href="#a"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    ],
  ])('refuses an SVG with %s: 400 VALIDATION_ERROR, logo INVALID', (_what, text) => {
    expect(unsafeSvgReason(text)).not.toBeNull();
    expect(() => checkLogo('image/svg+xml', Buffer.from(text))).toThrow(
      expect.objectContaining({ status: 400, code: 'VALIDATION_ERROR', fields: { logo: 'INVALID' } }),
    );
  });
});
