//! The Prisma schema language: a tokenizer and a recursive-descent parser into blocks, fields
//! and attributes. Errors carry the line and column (1-based, columns in characters).

use crate::error::ContractError;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num(String),
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Colon,
    Eq,
    Question,
    At,
    AtAt,
    Dot,
    Newline,
    Eof,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Str(s) => format!("the string \"{s}\""),
            Tok::Num(s) => format!("the number {s}"),
            Tok::LBrace => "`{`".into(),
            Tok::RBrace => "`}`".into(),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::LBracket => "`[`".into(),
            Tok::RBracket => "`]`".into(),
            Tok::Comma => "`,`".into(),
            Tok::Colon => "`:`".into(),
            Tok::Eq => "`=`".into(),
            Tok::Question => "`?`".into(),
            Tok::At => "`@`".into(),
            Tok::AtAt => "`@@`".into(),
            Tok::Dot => "`.`".into(),
            Tok::Newline => "the end of the line".into(),
            Tok::Eof => "the end of the file".into(),
        }
    }
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: u32,
    column: u32,
}

/// An attribute argument's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Str(String),
    Num(String),
    /// A name, dotted when written so (`Sort.Desc`, `true`, `autoincrement`).
    Name(String),
    /// `name(args)`: a function (`now()`, `env("URL")`) or a field with options (`title(sort: Desc)`).
    Call {
        name: String,
        args: Vec<Arg>,
    },
    List(Vec<Expr>),
}

impl Expr {
    /// The name of a field reference: `email` or `email(sort: Desc)`.
    pub fn field_name(&self) -> Option<&str> {
        match self {
            Expr::Name(n) => Some(n),
            Expr::Call { name, .. } => Some(name),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    pub name: Option<String>,
    pub value: Expr,
}

/// `@id`, `@db.VarChar(255)`, `@@index([a, b])`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub name: String,
    pub args: Vec<Arg>,
    pub line: u32,
}

impl Attribute {
    /// The argument named `name`, or else the first positional one when `positional` says so.
    pub fn arg(&self, name: &str, positional: bool) -> Option<&Expr> {
        self.args
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
            .or_else(|| {
                if positional {
                    self.args.iter().find(|a| a.name.is_none())
                } else {
                    None
                }
            })
            .map(|a| &a.value)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: String,
    /// The type as written, without `[]`/`?`; `Unsupported("…")` is `Unsupported`.
    pub type_name: String,
    pub list: bool,
    pub optional: bool,
    pub attributes: Vec<Attribute>,
    pub line: u32,
}

impl Field {
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    Model,
    View,
    /// A composite type (MongoDB).
    Type,
    Enum,
    Datasource,
    Generator,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub kind: BlockKind,
    pub name: String,
    pub start: u32,
    pub end: u32,
    /// Fields of a model, view or type; values of an enum (type name empty).
    pub fields: Vec<Field>,
    /// `@@…` block attributes.
    pub attributes: Vec<Attribute>,
    /// `key = value` lines of a datasource or generator.
    pub assignments: Vec<(String, Expr)>,
}

impl Block {
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }
}

fn lex(file: &str, text: &str) -> Result<Vec<Token>, ContractError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut line, mut column) = (1u32, 1u32);
    let mut i = 0;
    // Newlines inside `(…)` and `[…]` do not end a line.
    let mut depth = 0usize;
    let err = |line, column, reason: String| ContractError::at(file, line, Some(column), reason);
    while i < chars.len() {
        let c = chars[i];
        let (start_line, start_column) = (line, column);
        let push = |tok: Tok, tokens: &mut Vec<Token>| {
            tokens.push(Token {
                tok,
                line: start_line,
                column: start_column,
            })
        };
        match c {
            '\n' => {
                if depth == 0 {
                    push(Tok::Newline, &mut tokens);
                }
                i += 1;
                line += 1;
                column = 1;
                continue;
            }
            ' ' | '\t' | '\r' | '\u{feff}' => {}
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                    column += 1;
                }
                continue;
            }
            '"' => {
                let mut value = String::new();
                i += 1;
                column += 1;
                loop {
                    match chars.get(i) {
                        None | Some('\n') => {
                            return Err(err(
                                start_line,
                                start_column,
                                "This string is not closed: add a `\"` before the end of the line."
                                    .into(),
                            ));
                        }
                        Some('"') => break,
                        Some('\\') => {
                            let escaped = chars.get(i + 1).copied().unwrap_or('\\');
                            value.push(match escaped {
                                'n' => '\n',
                                't' => '\t',
                                other => other,
                            });
                            i += 2;
                            column += 2;
                        }
                        Some(&other) => {
                            value.push(other);
                            i += 1;
                            column += 1;
                        }
                    }
                }
                push(Tok::Str(value), &mut tokens);
            }
            '{' => push(Tok::LBrace, &mut tokens),
            '}' => push(Tok::RBrace, &mut tokens),
            '(' => {
                depth += 1;
                push(Tok::LParen, &mut tokens);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                push(Tok::RParen, &mut tokens);
            }
            '[' => {
                depth += 1;
                push(Tok::LBracket, &mut tokens);
            }
            ']' => {
                depth = depth.saturating_sub(1);
                push(Tok::RBracket, &mut tokens);
            }
            ',' => push(Tok::Comma, &mut tokens),
            ':' => push(Tok::Colon, &mut tokens),
            '=' => push(Tok::Eq, &mut tokens),
            '?' => push(Tok::Question, &mut tokens),
            '.' => push(Tok::Dot, &mut tokens),
            '@' => {
                if chars.get(i + 1) == Some(&'@') {
                    push(Tok::AtAt, &mut tokens);
                    i += 1;
                    column += 1;
                } else {
                    push(Tok::At, &mut tokens);
                }
            }
            c if c.is_ascii_digit()
                || (c == '-' && chars.get(i + 1).is_some_and(char::is_ascii_digit)) =>
            {
                let mut value = String::from(c);
                while let Some(&d) = chars.get(i + 1) {
                    if d.is_ascii_digit()
                        || (d == '.' && chars.get(i + 2).is_some_and(char::is_ascii_digit))
                    {
                        value.push(d);
                        i += 1;
                        column += 1;
                    } else {
                        break;
                    }
                }
                push(Tok::Num(value), &mut tokens);
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut value = String::from(c);
                while let Some(&d) = chars.get(i + 1) {
                    if d.is_alphanumeric() || d == '_' {
                        value.push(d);
                        i += 1;
                        column += 1;
                    } else {
                        break;
                    }
                }
                push(Tok::Ident(value), &mut tokens);
            }
            other => {
                return Err(err(
                    line,
                    column,
                    format!("The character `{other}` has no meaning here in a Prisma schema."),
                ));
            }
        }
        i += 1;
        column += 1;
    }
    tokens.push(Token {
        tok: Tok::Eof,
        line,
        column,
    });
    Ok(tokens)
}

struct Parser<'a> {
    file: &'a str,
    tokens: Vec<Token>,
    at: usize,
}

/// Deepest nesting of attribute arguments read.
const MAX_EXPR_DEPTH: usize = 64;

impl Parser<'_> {
    fn peek(&self) -> &Token {
        let last = self.tokens.len().saturating_sub(1);
        &self.tokens[self.at.min(last)]
    }

    fn next(&mut self) -> Token {
        let token = self.peek().clone();
        if self.at < self.tokens.len() {
            self.at += 1;
        }
        token
    }

    fn error(&self, token: &Token, expected: &str) -> ContractError {
        ContractError::at(
            self.file,
            token.line,
            Some(token.column),
            format!("Expected {expected}, found {}.", token.tok.describe()),
        )
    }

    fn expect(&mut self, tok: &Tok, expected: &str) -> Result<Token, ContractError> {
        let token = self.next();
        if &token.tok == tok {
            Ok(token)
        } else {
            Err(self.error(&token, expected))
        }
    }

    fn ident(&mut self, expected: &str) -> Result<(String, Token), ContractError> {
        let token = self.next();
        match &token.tok {
            Tok::Ident(name) => Ok((name.clone(), token)),
            _ => Err(self.error(&token, expected)),
        }
    }

    fn skip_newlines(&mut self) {
        while self.peek().tok == Tok::Newline {
            self.at += 1;
        }
    }

    /// The end of a line inside a block: a newline, or the `}` that closes the block.
    fn end_of_line(&mut self, what: &str) -> Result<(), ContractError> {
        match self.peek().tok {
            Tok::Newline => {
                self.at += 1;
                Ok(())
            }
            Tok::RBrace => Ok(()),
            _ => {
                let token = self.peek().clone();
                Err(self.error(&token, &format!("the end of the line after {what}")))
            }
        }
    }

    fn schema(&mut self) -> Result<Vec<Block>, ContractError> {
        let mut blocks = Vec::new();
        loop {
            self.skip_newlines();
            let token = self.peek().clone();
            let kind = match &token.tok {
                Tok::Eof => return Ok(blocks),
                Tok::Ident(word) => match word.as_str() {
                    "model" => BlockKind::Model,
                    "view" => BlockKind::View,
                    "type" => BlockKind::Type,
                    "enum" => BlockKind::Enum,
                    "datasource" => BlockKind::Datasource,
                    "generator" => BlockKind::Generator,
                    _ => return Err(self.error(
                        &token,
                        "a block (`model`, `enum`, `datasource`, `generator`, `view` or `type`)",
                    )),
                },
                _ => {
                    return Err(self.error(
                        &token,
                        "a block (`model`, `enum`, `datasource`, `generator`, `view` or `type`)",
                    ));
                }
            };
            self.at += 1;
            let (name, _) = self.ident("the block's name")?;
            self.expect(&Tok::LBrace, &format!("`{{` to open `{name}`"))?;
            let mut block = Block {
                kind,
                name,
                start: token.line,
                end: token.line,
                fields: Vec::new(),
                attributes: Vec::new(),
                assignments: Vec::new(),
            };
            self.block_body(&mut block)?;
            let close = self.expect(&Tok::RBrace, &format!("`}}` to close `{}`", block.name))?;
            block.end = close.line;
            blocks.push(block);
        }
    }

    fn block_body(&mut self, block: &mut Block) -> Result<(), ContractError> {
        loop {
            self.skip_newlines();
            let token = self.peek().clone();
            match &token.tok {
                Tok::RBrace => return Ok(()),
                Tok::Eof => {
                    return Err(self.error(&token, &format!("`}}` to close `{}`", block.name)));
                }
                Tok::AtAt
                    if matches!(
                        block.kind,
                        BlockKind::Model | BlockKind::View | BlockKind::Type | BlockKind::Enum
                    ) =>
                {
                    self.at += 1;
                    let attribute = self.attribute(token.line)?;
                    block.attributes.push(attribute);
                    self.end_of_line("a block attribute")?;
                }
                Tok::Ident(name) => {
                    let name = name.clone();
                    self.at += 1;
                    match block.kind {
                        BlockKind::Datasource | BlockKind::Generator => {
                            self.expect(&Tok::Eq, &format!("`=` after `{name}`"))?;
                            let value = self.expr(0)?;
                            block.assignments.push((name, value));
                            self.end_of_line("a setting")?;
                        }
                        BlockKind::Enum => {
                            let attributes = self.field_attributes()?;
                            block.fields.push(Field {
                                name,
                                type_name: String::new(),
                                list: false,
                                optional: false,
                                attributes,
                                line: token.line,
                            });
                            self.end_of_line("an enum value")?;
                        }
                        BlockKind::Model | BlockKind::View | BlockKind::Type => {
                            let field = self.field(name, token.line)?;
                            block.fields.push(field);
                            self.end_of_line("a field")?;
                        }
                    }
                }
                _ => return Err(self.error(&token, "a field, a `@@` attribute or `}`")),
            }
        }
    }

    fn field(&mut self, name: String, line: u32) -> Result<Field, ContractError> {
        let (type_name, type_token) = self.ident(&format!("a type after the field `{name}`"))?;
        if type_name == "Unsupported" {
            self.expect(&Tok::LParen, "`(` after `Unsupported`")?;
            let _ = self.expr(0)?;
            self.expect(&Tok::RParen, "`)` to close `Unsupported(`")?;
        }
        let _ = type_token;
        let mut list = false;
        let mut optional = false;
        if self.peek().tok == Tok::LBracket {
            self.at += 1;
            self.expect(&Tok::RBracket, "`]` after `[` in a list type")?;
            list = true;
        }
        if self.peek().tok == Tok::Question {
            self.at += 1;
            optional = true;
        }
        let attributes = self.field_attributes()?;
        Ok(Field {
            name,
            type_name,
            list,
            optional,
            attributes,
            line,
        })
    }

    fn field_attributes(&mut self) -> Result<Vec<Attribute>, ContractError> {
        let mut attributes = Vec::new();
        while self.peek().tok == Tok::At {
            let at = self.next();
            attributes.push(self.attribute(at.line)?);
        }
        Ok(attributes)
    }

    /// After `@` or `@@`: a dotted name and optional arguments.
    fn attribute(&mut self, line: u32) -> Result<Attribute, ContractError> {
        let (mut name, _) = self.ident("an attribute name after `@`")?;
        while self.peek().tok == Tok::Dot {
            self.at += 1;
            let (part, _) = self.ident("a name after `.`")?;
            name.push('.');
            name.push_str(&part);
        }
        let args = if self.peek().tok == Tok::LParen {
            self.at += 1;
            self.args(0)?
        } else {
            Vec::new()
        };
        Ok(Attribute { name, args, line })
    }

    /// After `(`: arguments up to and including `)`.
    fn args(&mut self, depth: usize) -> Result<Vec<Arg>, ContractError> {
        let mut args = Vec::new();
        loop {
            match self.peek().tok {
                Tok::RParen => {
                    self.at += 1;
                    return Ok(args);
                }
                Tok::RBrace | Tok::LBrace | Tok::Eof => {
                    let token = self.peek().clone();
                    return Err(self.error(&token, "`)` to close the arguments"));
                }
                _ => {}
            }
            let name = match (
                &self.peek().tok,
                self.tokens.get(self.at + 1).map(|t| &t.tok),
            ) {
                (Tok::Ident(n), Some(Tok::Colon)) => {
                    let n = n.clone();
                    self.at += 2;
                    Some(n)
                }
                _ => None,
            };
            let value = self.expr(depth + 1)?;
            args.push(Arg { name, value });
            let token = self.next();
            match token.tok {
                Tok::Comma => {}
                Tok::RParen => return Ok(args),
                _ => return Err(self.error(&token, "`,` or `)` in the arguments")),
            }
        }
    }

    fn expr(&mut self, depth: usize) -> Result<Expr, ContractError> {
        let token = self.next();
        if depth > MAX_EXPR_DEPTH {
            return Err(self.error(&token, "fewer nested brackets"));
        }
        match token.tok {
            Tok::Str(s) => Ok(Expr::Str(s)),
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Ident(mut name) => {
                while self.peek().tok == Tok::Dot {
                    self.at += 1;
                    let (part, _) = self.ident("a name after `.`")?;
                    name.push('.');
                    name.push_str(&part);
                }
                if self.peek().tok == Tok::LParen {
                    self.at += 1;
                    let args = self.args(depth + 1)?;
                    Ok(Expr::Call { name, args })
                } else {
                    Ok(Expr::Name(name))
                }
            }
            Tok::LBracket => {
                let mut items = Vec::new();
                loop {
                    if self.peek().tok == Tok::RBracket {
                        self.at += 1;
                        return Ok(Expr::List(items));
                    }
                    items.push(self.expr(depth + 1)?);
                    let token = self.next();
                    match token.tok {
                        Tok::Comma => {}
                        Tok::RBracket => return Ok(Expr::List(items)),
                        _ => return Err(self.error(&token, "`,` or `]` in the list")),
                    }
                }
            }
            _ => Err(self.error(&token, "a value")),
        }
    }
}

/// Parses one schema file; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Vec<Block>, ContractError> {
    let tokens = lex(file, text)?;
    Parser {
        file,
        tokens,
        at: 0,
    }
    .schema()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_attributes_and_arguments_parse() {
        let text = "model Post {\n  id    Int  @id @default(autoincrement()) /// doc\n  tags  String[]\n  title String? @db.VarChar(200)\n  author User @relation(fields: [authorId], references: [id], onDelete: Cascade)\n  @@index([title(sort: Desc), id], map: \"t\")\n}\n";
        let blocks = parse("s.prisma", text).unwrap_or_default();
        assert_eq!(blocks.len(), 1);
        let post = &blocks[0];
        assert_eq!((post.start, post.end), (1, 7));
        assert_eq!(post.fields.len(), 4);
        assert_eq!(post.fields[1].type_name, "String");
        assert!(post.fields[1].list);
        assert!(post.fields[2].optional);
        assert_eq!(post.fields[2].attributes[0].name, "db.VarChar");
        let relation = post.fields[3]
            .attribute("relation")
            .map(|a| a.arg("fields", false).cloned());
        assert_eq!(
            relation,
            Some(Some(Expr::List(vec![Expr::Name("authorId".into())])))
        );
        let index = &post.attributes[0];
        assert_eq!(index.name, "index");
        let fields: Vec<Option<&str>> = match index.arg("fields", true) {
            Some(Expr::List(items)) => items.iter().map(Expr::field_name).collect(),
            _ => Vec::new(),
        };
        assert_eq!(fields, vec![Some("title"), Some("id")]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            (
                "model User {\n  id Int @id\n  name\n}\n",
                "s.prisma:3:7: Expected a type after the field `name`, found the end of the line.",
            ),
            (
                "model User {\n  id Int\n",
                "s.prisma:3:1: Expected `}` to close `User`, found the end of the file.",
            ),
            (
                "modle User {}\n",
                "s.prisma:1:1: Expected a block (`model`, `enum`, `datasource`, `generator`, `view` or `type`), found `modle`.",
            ),
            (
                "model A {\n  id Int @default(\"x)\n}\n",
                "s.prisma:2:19: This string is not closed: add a `\"` before the end of the line.",
            ),
            (
                "model A {\n  id Int # x\n}\n",
                "s.prisma:2:10: The character `#` has no meaning here in a Prisma schema.",
            ),
            (
                "model A {\n  id Int String\n}\n",
                "s.prisma:2:10: Expected the end of the line after a field, found `String`.",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                parse("s.prisma", text)
                    .err()
                    .map(|e| e.to_string())
                    .as_deref(),
                Some(expected),
                "{text}"
            );
        }
    }

    #[test]
    fn nothing_panics_on_truncated_input() {
        let text = "datasource db {\n provider = \"postgresql\"\n}\nmodel A {\n id Int @id @default(dbgenerated(\"x\"))\n @@index([a(sort: Desc)])\n}\nenum E {\n A @map(\"a\")\n}\n";
        for end in 0..=text.len() {
            if text.is_char_boundary(end) {
                let _ = parse("s.prisma", &text[..end]);
            }
        }
    }
}
