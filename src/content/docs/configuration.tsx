import { environmentVariableDocs } from "@/lib/environment-variable-docs";

export function Configuration() {
  return (
    <>
      <p>
        Lantern reads its settings from environment variables once, at start. A bad value stops the server with a message that names the variable. Copy <code>.env.example</code> to <code>.env</code> to keep them in one place.
      </p>
      <table>
        <thead>
          <tr>
            <th>Variable</th>
            <th>Default</th>
            <th>Meaning</th>
          </tr>
        </thead>
        <tbody>
          {environmentVariableDocs.map((variable) => (
            <tr key={variable.name}>
              <td>
                <code>{variable.name}</code>
              </td>
              <td>
                <code>{variable.defaultValue}</code>
              </td>
              <td>{variable.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
