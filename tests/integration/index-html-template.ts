/** A stand-in for the built index.html, for tests of the pages the server writes tags into. */
export const INDEX_HTML_TEMPLATE = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta name="description" content="The site default." />',
  '    <title>Soul Tribe · Psychic readings by the minute</title>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');
