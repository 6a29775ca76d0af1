const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/** A Host header naming a host name, IPv4 or [IPv6] address, with an optional port up to 65535. */
export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  return match[1] === undefined || Number(match[1]) <= 65_535;
}

// Percent-encoded C0 controls and DEL (literal ones never pass Node's parser).
const CONTROL = /%(?:[01][0-9A-Fa-f]|7[Ff])/;

export function hasControlCharacters(url: string): boolean {
  const q = url.indexOf('?');
  return CONTROL.test(q === -1 ? url : url.slice(0, q));
}
