/** The generated help lists each operation's body properties and its answer, from the derived descriptions. */
import assert from 'node:assert/strict';
import { descriptionHelp } from '../../scripts/description-help';
import { actionNodeHelp, actionNodeHtml, editorCatalogue } from '../../scripts/editor-html';
import { paletteAreaOf } from '../../scripts/palette';
import { clientsGroup } from '../../nodes/applications/clients.catalogue';
import { usersGroup } from '../../nodes/users/users.catalogue';

const op = (id: string) => {
  const found = usersGroup.operations.find((o) => o.id === id);
  assert.ok(found, id);
  return found;
};

describe("the help from Auth0's descriptions", () => {
  it('lists the body properties with type, required and meaning', () => {
    const help = descriptionHelp(usersGroup, op('create'));
    assert.match(help, /<li><code>connection<\/code> <i>string<\/i>, required: Name of the connection this user should be created in\.<\/li>/);
    assert.match(help, /<li><code>user_metadata<\/code> <i>object<\/i>: /);
    assert.ok(help.indexOf('<code>connection</code>') < help.indexOf('<code>email</code>'), 'required properties first');
  });

  it('names allowed values and nested fields', () => {
    const create = clientsGroup.operations.find((o) => o.id === 'create');
    assert.ok(create);
    assert.match(descriptionHelp(clientsGroup, create), /<code>jwt_configuration<\/code> <i>object<\/i>[^<]*.*fields [^<]*alg/);
  });

  it('says what the answer holds, for an operation with and without a body', () => {
    assert.match(descriptionHelp(usersGroup, op('get')), /Answer \(<code>msg.payload<\/code>\): an object with <code>user_id, email, /);
    assert.doesNotMatch(descriptionHelp(usersGroup, op('get')), /Body properties/);
  });

  it('is part of the node help Node-RED shows', () => {
    assert.match(actionNodeHelp(usersGroup), /Body properties \(Auth0's API description/);
  });

  it('gives the edit form a Check body checkbox, on by default, shown where a JSON body is sent', () => {
    const area = paletteAreaOf('users');
    assert.ok(area);
    const html = actionNodeHtml(usersGroup, area);
    assert.match(html, /checkBody: \{ value: true \}/);
    assert.match(html, /id="node-input-checkBody"/);
    const ops = (editorCatalogue(usersGroup).operations as { id: string; checksBody: boolean }[]).filter((o) => o.id === 'create' || o.id === 'get');
    assert.deepEqual(
      ops.map((o) => [o.id, o.checksBody]),
      [
        ['create', true],
        ['get', false],
      ],
    );
  });
});
