// Reads TypeScript declarations (with the TypeScript compiler's parser) and checks plain values
// against them: every key, every value's type, null only where declared. Used by the contract test
// to hold the real wasm module to its declared types.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

/**
 * Interfaces and type aliases of the given .d.ts files, by name: { kind: 'interface', extends,
 * properties: Map(name → {optional, type}), methods: Map(name → returnType) } or
 * { kind: 'alias', type }.
 */
export async function readDeclarations(...urls) {
  const texts = await Promise.all(urls.map((url) => readFile(url, 'utf8')));
  return parseDeclarations(...texts);
}

/** The same from the texts of declaration files. */
export function parseDeclarations(...texts) {
  const declarations = new Map();
  for (const text of texts) {
    const file = ts.createSourceFile('declarations.d.ts', text, ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        const properties = new Map();
        const methods = new Map();
        for (const member of statement.members) {
          const name = member.name?.getText(file);
          if (ts.isPropertySignature(member)) {
            properties.set(name, { optional: Boolean(member.questionToken), type: member.type });
          } else if (ts.isMethodSignature(member)) {
            methods.set(name, member.type);
          }
        }
        const heritage = (statement.heritageClauses ?? []).flatMap((c) =>
          c.types.map((t) => t.expression.getText(file)),
        );
        declarations.set(statement.name.text, {
          kind: 'interface',
          extends: heritage,
          properties,
          methods,
        });
      } else if (ts.isTypeAliasDeclaration(statement)) {
        declarations.set(statement.name.text, { kind: 'alias', type: statement.type });
      }
    }
  }
  return declarations;
}

/** The properties of an interface with those it extends. */
function propertiesOf(declarations, name) {
  const declaration = declarations.get(name);
  if (!declaration || declaration.kind !== 'interface') throw new Error(`no interface ${name}`);
  const properties = new Map();
  for (const base of declaration.extends) {
    for (const [key, p] of propertiesOf(declarations, base)) properties.set(key, p);
  }
  for (const [key, p] of declaration.properties) properties.set(key, p);
  return properties;
}

/** The methods of an interface with those it extends: name → return type node. */
export function methodsOf(declarations, name) {
  const declaration = declarations.get(name);
  if (!declaration || declaration.kind !== 'interface') throw new Error(`no interface ${name}`);
  const methods = new Map();
  for (const base of declaration.extends) {
    for (const [key, type] of methodsOf(declarations, base)) methods.set(key, type);
  }
  for (const [key, type] of declaration.methods) methods.set(key, type);
  return methods;
}

const describe = (value) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : `${typeof value} ${JSON.stringify(value)}`;

/**
 * Every way `value` differs from the type node (or the interface named `type`): a list of
 * "path: what" strings, empty when it conforms.
 */
export function mismatches(declarations, value, type, path = '$') {
  if (typeof type === 'string') return interfaceMismatches(declarations, value, type, path);
  switch (type.kind) {
    case ts.SyntaxKind.NumberKeyword:
      return typeof value === 'number' ? [] : [`${path}: ${describe(value)} is not a number`];
    case ts.SyntaxKind.StringKeyword:
      return typeof value === 'string' ? [] : [`${path}: ${describe(value)} is not a string`];
    case ts.SyntaxKind.BooleanKeyword:
      return typeof value === 'boolean' ? [] : [`${path}: ${describe(value)} is not a boolean`];
    case ts.SyntaxKind.UndefinedKeyword:
      return value === undefined ? [] : [`${path}: ${describe(value)} is not undefined`];
    case ts.SyntaxKind.ParenthesizedType:
      return mismatches(declarations, value, type.type, path);
    case ts.SyntaxKind.LiteralType: {
      if (type.literal.kind === ts.SyntaxKind.NullKeyword) {
        return value === null ? [] : [`${path}: ${describe(value)} is not null`];
      }
      if (ts.isStringLiteral(type.literal)) {
        return value === type.literal.text
          ? []
          : [`${path}: ${describe(value)} is not '${type.literal.text}'`];
      }
      break;
    }
    case ts.SyntaxKind.UnionType: {
      const each = type.types.map((member) => mismatches(declarations, value, member, path));
      if (each.some((m) => m.length === 0)) return [];
      return [`${path}: ${describe(value)} is none of ${type.getText()}`];
    }
    case ts.SyntaxKind.ArrayType:
      if (!Array.isArray(value)) return [`${path}: ${describe(value)} is not an array`];
      return value.flatMap((item, i) =>
        mismatches(declarations, item, type.elementType, `${path}[${i}]`),
      );
    case ts.SyntaxKind.TypeOperator:
      if (type.operator === ts.SyntaxKind.KeyOfKeyword && ts.isTypeReferenceNode(type.type)) {
        const keys = propertiesOf(declarations, type.type.typeName.getText());
        return typeof value === 'string' && keys.has(value)
          ? []
          : [`${path}: ${describe(value)} is not a key of ${type.type.typeName.getText()}`];
      }
      break;
    case ts.SyntaxKind.TypeReference: {
      const name = type.typeName.getText();
      if (name === 'Record') {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return [`${path}: ${describe(value)} is not an object`];
        }
        return Object.entries(value).flatMap(([key, item]) =>
          mismatches(declarations, item, type.typeArguments[1], `${path}.${key}`),
        );
      }
      const declaration = declarations.get(name);
      if (declaration?.kind === 'alias')
        return mismatches(declarations, value, declaration.type, path);
      return interfaceMismatches(declarations, value, name, path);
    }
  }
  throw new Error(`${path}: the checker does not know the type ${type.getText()}`);
}

function interfaceMismatches(declarations, value, name, path) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [`${path}: ${describe(value)} is not an object (${name})`];
  }
  const properties = propertiesOf(declarations, name);
  const found = [];
  for (const key of Object.keys(value)) {
    if (!properties.has(key)) found.push(`${path}.${key}: not declared in ${name}`);
  }
  for (const [key, { optional, type }] of properties) {
    if (!(key in value)) {
      if (!optional) found.push(`${path}.${key}: missing (declared in ${name})`);
      continue;
    }
    found.push(...mismatches(declarations, value[key], type, `${path}.${key}`));
  }
  return found;
}
