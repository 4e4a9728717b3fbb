import ts from 'typescript';

/**
 * Finds user-visible text written straight into TSX instead of going through i18next: JSX text
 * with letters, string literals as JSX children, and string values of user-facing props.
 */
export const USER_FACING_PROPS = new Set([
  'title',
  'placeholder',
  'label',
  'aria-label',
  'alt',
  'content',
  'confirmText',
  'cancelText',
  'description',
  'text',
]);

export interface LiteralFinding {
  file: string;
  line: number;
  text: string;
  kind: 'jsx-text' | 'jsx-expression' | 'prop';
  prop?: string;
}

const HAS_LETTER = /\p{L}/u;

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('');
    return parts;
  }
  return undefined;
}

export function findLiteralStrings(file: string, source: string): LiteralFinding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: LiteralFinding[] = [];
  const lineOf = (node: ts.Node) =>
    sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.trim();
      if (HAS_LETTER.test(text)) findings.push({ file, line: lineOf(node), text, kind: 'jsx-text' });
    } else if (ts.isJsxExpression(node) && node.parent && !ts.isJsxAttribute(node.parent)) {
      const text = literalText(node.expression);
      if (text && HAS_LETTER.test(text))
        findings.push({ file, line: lineOf(node), text, kind: 'jsx-expression' });
    } else if (ts.isJsxAttribute(node)) {
      const prop = node.name.getText(sourceFile);
      if (USER_FACING_PROPS.has(prop)) {
        const text = literalText(node.initializer);
        if (text && HAS_LETTER.test(text))
          findings.push({ file, line: lineOf(node), text, kind: 'prop', prop });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}
