/** The page as the shell's server serves it: its `#remotes` script names each remote at its entry. */
export function nameRemotesInPage(names: string[]): () => void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'remotes';
  script.textContent = JSON.stringify({
    remotes: names.map((name) => ({ name: `mf_${name}`, entry: `http://localhost/remotes/${name}/remoteEntry.0123456789.js` })),
  });
  document.head.append(script);
  return () => script.remove();
}
